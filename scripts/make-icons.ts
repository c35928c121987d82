/**
 * Generates the PWA's images in public/ from one SVG mark: `npx tsx scripts/make-icons.ts`.
 * The PNGs are committed, so the app never needs sharp at build time; rerun this after changing the mark.
 * Screenshots are branded placeholders until real screenshots replace them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const BG = '#0f1117';
const ACCENT = '#8b7cf6';
const BUBBLE = '#e4e0ff';
const MUTED = '#a3a9ba';
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const publicDir = path.resolve(import.meta.dirname, '..', 'public');

/**
 * The mark on a 512 grid, centred: a portrait card (the character) with a speech bubble over its corner.
 * The bubble's dark outline cuts it out of the card so the two shapes stay apart at 16 px.
 */
const MARK = `
  <rect x="100" y="92" width="208" height="296" rx="32" fill="${ACCENT}"/>
  <circle cx="204" cy="190" r="46" fill="${BG}"/>
  <path d="M132 340 a72 70 0 0 1 144 0 z" fill="${BG}"/>
  <path d="M280 260 h100 a40 40 0 0 1 40 40 v52 a40 40 0 0 1 -40 40 h-52 l-40 32 v-32 h-8 a40 40 0 0 1 -40 -40 v-52 a40 40 0 0 1 40 -40 z"
        fill="${BUBBLE}" stroke="${BG}" stroke-width="14" stroke-linejoin="round"/>
  <circle cx="288" cy="326" r="11" fill="${BG}"/>
  <circle cx="324" cy="326" r="11" fill="${BG}"/>
  <circle cx="360" cy="326" r="11" fill="${BG}"/>`;

/** The mark scaled by `scale` around the centre of the 512 grid. */
function mark(scale: number): string {
  const offset = 256 * (1 - scale);
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>`;
}

function svg(width: number, height: number, body: string, viewBox = `0 0 ${width} ${height}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;
}

/** "any" icons and the favicon: a rounded dark tile, transparent corners, so it sits well on any surface. */
const tile = svg(512, 512, `<rect width="512" height="512" rx="112" fill="${BG}"/>${mark(1)}`);
/** Maskable: full-bleed background, mark inside the 80% safe circle (radius 204.8) whatever the mask shape. */
const maskable = svg(512, 512, `<rect width="512" height="512" fill="${BG}"/>${mark(0.72)}`);
/** iOS ignores transparency (it fills black) and rounds corners itself: full-bleed square, a little margin. */
const apple = svg(512, 512, `<rect width="512" height="512" fill="${BG}"/>${mark(0.82)}`);

/** Shortcut glyphs (24-unit lucide-like strokes) on the same tile, so each shortcut is told apart at a glance. */
const GLYPHS: Record<string, string> = {
  recent: '<path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.7A8.5 8.5 0 1 1 21 11.5z"/>',
  upload: '<path d="M12 16V4M6 10l6-6 6 6M4 20h16"/>',
  favorites: '<path d="M12 20s-7-4.4-9-8.6C1.6 8.4 3.6 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.4 3.4 4 6.4-2 4.2-9 8.6-9 8.6z"/>',
};
function shortcut(glyph: string): string {
  return svg(
    96,
    96,
    `<rect width="96" height="96" rx="22" fill="${BG}"/>
     <g transform="translate(24 24) scale(2)" fill="none" stroke="${ACCENT}" stroke-width="2.2"
        stroke-linecap="round" stroke-linejoin="round">${glyph}</g>`,
  );
}

/** A row of placeholder portrait cards, hinting at the gallery without pretending to be a real screen. */
function cards(x: number, y: number, count: number, width: number, gap: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const left = x + i * (width + gap);
    const height = width * 1.5;
    out += `<rect x="${left}" y="${y}" width="${width}" height="${height}" rx="14" fill="#1f2330" stroke="#2c3142" stroke-width="2"/>
      <circle cx="${left + width / 2}" cy="${y + height * 0.38}" r="${width * 0.18}" fill="#2c3142"/>
      <path d="M${left + width * 0.22} ${y + height * 0.72} a${width * 0.28} ${width * 0.26} 0 0 1 ${width * 0.56} 0 z" fill="#2c3142"/>
      <rect x="${left + 14}" y="${y + height - 30}" width="${width * 0.5}" height="10" rx="5" fill="${ACCENT}" opacity="0.7"/>`;
  }
  return out;
}

function screenshot(width: number, height: number, wide: boolean): string {
  const markSize = wide ? 150 : 200;
  const title = wide ? 72 : 84;
  const cardWidth = wide ? 150 : 180;
  const cardCount = wide ? 6 : 3;
  const gap = 24;
  const rowWidth = cardCount * cardWidth + (cardCount - 1) * gap;
  // Mark, title, tagline and a row of cards, stacked and centred as one block.
  const blockHeight = markSize + 24 + title + 52 + 60 + cardWidth * 1.5;
  const top = (height - blockHeight) / 2;
  const baseline = top + markSize + 24 + title * 0.8;
  const centre = width / 2;
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${BG}"/>
     <svg x="${centre - markSize / 2}" y="${top}" width="${markSize}" height="${markSize}" viewBox="0 0 512 512">${mark(1)}</svg>
     <text x="${centre}" y="${baseline}" text-anchor="middle" font-family="${FONT}" font-weight="700"
           font-size="${title}" fill="#e8eaf0">cardchat</text>
     <text x="${centre}" y="${baseline + 52}" text-anchor="middle" font-family="${FONT}"
           font-size="${wide ? 28 : 30}" fill="${MUTED}">Find, share and chat with AI characters</text>
     ${cards(centre - rowWidth / 2, baseline + 52 + 60, cardCount, cardWidth, gap)}`,
  );
}

/** Neutral 2:3 head-and-shoulders silhouette: the fallback for broken card images and missing avatars. */
const defaultAvatar = svg(
  512,
  768,
  `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
     <stop offset="0" stop-color="#2a2f3d"/><stop offset="1" stop-color="#1a1d26"/></linearGradient></defs>
   <rect width="512" height="768" fill="url(#g)"/>
   <circle cx="256" cy="300" r="110" fill="#4a5064"/>
   <path d="M56 768 v-60 a200 190 0 0 1 400 0 v60 z" fill="#4a5064"/>`,
);

/** Flat-colour art compresses best as an indexed PNG; the avatar's gradient keeps full colour to avoid banding. */
async function png(source: string, file: string, size: { width: number; height: number }, palette = true) {
  const out = path.join(publicDir, file);
  await mkdir(path.dirname(out), { recursive: true });
  await sharp(Buffer.from(source)).resize(size.width, size.height).png({ compressionLevel: 9, palette }).toFile(out);
  console.log(`public/${file} ${size.width}x${size.height}`);
}

const square = (n: number) => ({ width: n, height: n });

await png(tile, 'icons/icon-192.png', square(192));
await png(tile, 'icons/icon-512.png', square(512));
await png(maskable, 'icons/maskable-512.png', square(512));
await png(apple, 'icons/apple-touch-icon.png', square(180));
for (const [name, glyph] of Object.entries(GLYPHS)) {
  await png(shortcut(glyph), `icons/shortcut-${name}.png`, square(96));
}
await png(screenshot(1280, 720, true), 'screenshots/wide.png', { width: 1280, height: 720 });
await png(screenshot(720, 1280, false), 'screenshots/narrow.png', { width: 720, height: 1280 });
await png(defaultAvatar, 'default-avatar.png', { width: 512, height: 768 }, false);
await writeFile(path.join(publicDir, 'favicon.svg'), `${tile}\n`);
console.log('public/favicon.svg');
