import type { HairStyle, Headwear, PortraitSpec } from './types';
import { mirrored, shade } from './svg-kit';

/**
 * The bust: body, head, face, hair and headwear, drawn on a fixed 512×768 layout so every portrait
 * frames its character the same way and the gallery reads as one set. The head is centred at
 * (256, 348); faces are deliberately minimal (eyes, blush, a small mouth) so they stay charming at
 * thumbnail size.
 */

export const HEAD = 'M174 342C174 276 212 250 256 250C300 250 338 276 338 342C338 402 302 448 256 448C210 448 174 402 174 342Z';

export function body(p: PortraitSpec): string {
  if (p.body === 'wisp') {
    // A ghost's sheet: it narrows and curls away instead of ending in shoulders.
    return `<path d="M170 560C150 470 200 420 256 420C320 420 372 470 344 560C330 640 380 690 420 700C360 730 300 700 280 650C268 700 220 740 170 730C210 700 200 640 170 560Z" fill="url(#cloth)" opacity="0.9"/>`;
  }
  const neck = `<path d="M226 404H286V520H226Z" fill="${shade(p.skin, -0.18)}"/>`;
  const torso = `<path d="M44 768C48 616 118 522 206 504H306C394 522 464 616 468 768Z" fill="url(#cloth)"/>`;
  const vNeck = `<path d="M222 504L256 568L290 504Z" fill="${shade(p.skin, -0.12)}"/>`;
  const lapels = `<path d="M206 504L256 596L236 504Z M306 504L256 596L276 504Z" fill="${shade(p.outfit, -0.25)}"/>`;
  const trim = `<path d="M206 504L256 596L306 504" fill="none" stroke="${p.accent}" stroke-width="4" stroke-linejoin="round" opacity="0.85"/>`;
  return neck + torso + vNeck + lapels + trim;
}

export function ears(p: PortraitSpec): string {
  const fill = shade(p.skin, -0.06);
  if (p.ears === 'round') return mirrored(`<ellipse cx="174" cy="356" rx="13" ry="20" fill="${fill}"/>`);
  if (p.ears === 'pointed') {
    return mirrored(
      `<path d="M184 330C150 318 118 300 92 276C108 318 138 370 182 386Z" fill="${fill}"/>` +
        `<path d="M176 338C152 328 132 316 116 302C128 328 148 356 176 368Z" fill="${shade(p.skin, -0.2)}"/>`,
    );
  }
  return '';
}

/** The head with a soft shadow on one side, clipped to its outline, for a little volume. */
export function head(p: PortraitSpec): string {
  const opacity = p.body === 'wisp' ? ' opacity="0.92"' : '';
  return (
    `<g${opacity}><path d="${HEAD}" fill="${p.skin}"/>` +
    `<g clip-path="url(#head-clip)"><ellipse cx="346" cy="372" rx="60" ry="130" fill="#000000" opacity="0.16" filter="url(#wide-glow)"/></g></g>`
  );
}

export function face(p: PortraitSpec): string {
  const ink = p.body === 'wisp' ? shade(p.sky[1], 0.1) : shade(p.skin, -0.7);
  const blush =
    `<ellipse cx="212" cy="386" rx="15" ry="8" fill="#ff6f7d" opacity="0.22"/>` +
    `<ellipse cx="300" cy="386" rx="15" ry="8" fill="#ff6f7d" opacity="0.22"/>`;
  const nose = `<path d="M254 376Q261 386 252 390" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linecap="round" opacity="0.35"/>`;
  const mouth = `<path d="M244 410Q256 420 268 410" fill="none" stroke="${ink}" stroke-width="3.5" stroke-linecap="round"/>`;
  if (p.headwear === 'visor') return mouth; // the visor covers the eyes and carries their glow
  let eyes: string;
  if (p.eyes === 'closed') {
    eyes = mirrored(`<path d="M214 358Q226 348 238 358" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>`);
  } else if (p.eyes === 'glow') {
    eyes = mirrored(
      `<ellipse cx="226" cy="356" rx="12" ry="15" fill="${ink}"/>` +
        `<ellipse cx="226" cy="358" rx="6" ry="8" fill="${p.accent}" filter="url(#soft-glow)"/>`,
    );
  } else {
    eyes = mirrored(
      `<ellipse cx="226" cy="356" rx="8" ry="10.5" fill="${ink}"/><circle cx="229" cy="352" r="3" fill="#ffffff"/>` +
        `<path d="M212 334Q226 326 240 332" fill="none" stroke="${shade(p.hair, -0.1)}" stroke-width="4" stroke-linecap="round" opacity="0.8"/>`,
    );
  }
  return eyes + (p.body === 'wisp' ? '' : blush + nose) + mouth;
}

/** Hair behind the head (length and volume) and in front of it (the fringe). */
export function hairBack(p: PortraitSpec): string {
  const back: Record<HairStyle, string> = {
    long: 'M160 350C148 250 206 222 256 222C306 222 364 250 352 350C358 430 372 500 384 566C340 590 310 570 300 540H212C202 570 172 590 128 566C140 500 154 430 160 350Z',
    bob: 'M160 350C150 250 206 226 256 226C306 226 362 250 352 350C356 400 366 440 360 468C330 482 310 470 304 454H208C202 470 182 482 152 468C146 440 156 400 160 350Z',
    bun: 'M166 340C162 262 210 236 256 236C302 236 350 262 346 340Z M256 176A42 42 0 1 1 255.9 176Z',
    short: 'M166 344C160 262 208 234 256 234C304 234 352 262 346 344Z',
    none: '',
  };
  const d = back[p.hairStyle];
  return d ? `<path d="${d}" fill="${p.hair}"/>` : '';
}

export function hairFront(p: PortraitSpec): string {
  const front: Record<HairStyle, string> = {
    long: 'M172 350C162 266 212 240 256 240C302 240 350 266 340 350C330 306 300 282 262 288C240 306 206 314 172 350Z',
    bob: 'M170 340C162 264 212 238 256 238C300 238 350 264 342 340C326 300 300 290 280 292C272 306 240 318 206 312C192 318 180 326 170 340Z',
    bun: 'M174 336C170 268 214 246 256 246C298 246 342 268 338 336C322 296 286 280 256 290C226 280 190 296 174 336Z',
    short:
      'M172 330C166 262 212 244 256 244C300 244 346 262 340 330C330 300 310 290 290 288C270 300 236 298 214 290C196 296 182 308 172 330Z',
    none: '',
  };
  const d = front[p.hairStyle];
  return d ? `<path d="${d}" fill="${p.hair}"/><path d="${d}" fill="url(#sheen)"/>` : '';
}

/** The part of a headwear that hangs behind the head: a headscarf's drape. */
export function headwearBack(p: PortraitSpec): string {
  if (p.headwear !== 'wrap') return '';
  return (
    `<path d="M158 350C146 250 206 218 256 218C306 218 366 250 354 350C358 430 384 520 408 600C330 632 182 632 104 600C128 520 154 430 158 350Z" fill="${shade(p.outfit, -0.08)}"/>` +
    `<path d="M150 500C180 520 210 530 230 560M362 500C332 520 302 530 282 560" fill="none" stroke="${shade(p.outfit, -0.3)}" stroke-width="3"/>`
  );
}

/** Drawn over the hair: each kind is a few shapes in the character's own palette. */
export function headwear(p: PortraitSpec): string {
  const dark = shade(p.outfit, -0.35);
  const kinds: Record<Headwear, () => string> = {
    none: () => '',
    'witch-hat': () =>
      `<path d="M178 276C204 206 236 128 292 62C304 48 334 40 352 56C326 62 310 92 304 132C298 182 318 232 334 276Z" fill="${dark}"/>` +
      `<path d="M192 232C234 242 280 242 320 232L328 258C280 270 232 270 184 258Z" fill="${p.accent}"/>` +
      `<ellipse cx="256" cy="280" rx="156" ry="26" fill="${shade(dark, -0.2)}"/>` +
      `<path d="M248 214l8 -14l8 14l-8 14Z" fill="${shade(p.accent, 0.4)}"/>`,
    visor: () =>
      `<path d="M200 272Q256 250 312 272" fill="none" stroke="${shade(p.skin, -0.25)}" stroke-width="3"/>` +
      `<rect x="164" y="326" width="184" height="52" rx="26" fill="#070b18"/>` +
      `<rect x="186" y="344" width="140" height="14" rx="7" fill="${p.accent}" filter="url(#soft-glow)"/>` +
      `<rect x="196" y="348" width="120" height="5" rx="2.5" fill="#ffffff" opacity="0.8"/>`,
    fedora: () =>
      `<path d="M180 266C178 206 204 182 256 188C308 182 334 206 332 266Z" fill="${dark}"/>` +
      `<path d="M182 246H330V266H182Z" fill="${p.accent}" opacity="0.85"/>` +
      `<path d="M100 282C140 252 372 252 412 282C380 300 132 300 100 282Z" fill="${shade(dark, -0.15)}"/>`,
    wrap: () =>
      `<path d="M176 336C170 264 212 236 256 236C300 236 342 264 336 336C320 296 290 276 256 276C222 276 192 296 176 336Z" fill="${shade(p.outfit, 0.12)}"/>` +
      `<path d="M182 306C218 278 294 278 330 306" fill="none" stroke="${p.accent}" stroke-width="4" stroke-dasharray="1 9" stroke-linecap="round"/>`,
    bellhop: () =>
      `<g transform="rotate(-14 282 232)"><path d="M236 210H328V252H236Z" fill="${p.accent}"/>` +
      `<ellipse cx="282" cy="210" rx="46" ry="12" fill="${shade(p.accent, 0.2)}"/>` +
      `<path d="M236 238H328V252H236Z" fill="#f4c542"/><ellipse cx="282" cy="252" rx="50" ry="9" fill="${shade(p.accent, -0.3)}"/></g>`,
    horns: () =>
      mirrored(
        `<path d="M204 276C168 246 150 196 170 144C176 190 200 226 232 254Z" fill="${dark}"/>` +
          `<path d="M192 250C178 222 170 196 172 170" fill="none" stroke="${p.accent}" stroke-width="3" opacity="0.7"/>`,
      ),
    goggles: () =>
      `<path d="M170 288C220 268 292 268 342 288" fill="none" stroke="#3b2a1f" stroke-width="14"/>` +
      mirrored(
        `<circle cx="224" cy="276" r="27" fill="#5a4330"/><circle cx="224" cy="276" r="19" fill="${shade(p.sky[0], 0.2)}"/>` +
          `<path d="M212 266a14 14 0 0 1 14 -6" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.8"/>`,
      ),
    'top-hat': () =>
      `<g opacity="0.92"><path d="M196 258L204 120H308L316 258Z" fill="${shade(p.sky[1], 0.05)}"/>` +
      `<path d="M200 226H312L314 252H198Z" fill="${p.accent}" opacity="0.7"/>` +
      `<ellipse cx="256" cy="260" rx="104" ry="17" fill="${shade(p.sky[1], -0.1)}"/>` +
      `<ellipse cx="256" cy="120" rx="52" ry="10" fill="${shade(p.sky[1], 0.15)}"/></g>`,
    toque: () =>
      `<circle cx="206" cy="214" r="40" fill="#fbf7ef"/><circle cx="306" cy="214" r="40" fill="#fbf7ef"/>` +
      `<circle cx="256" cy="186" r="50" fill="#ffffff"/><path d="M186 218H326V270H186Z" fill="#f2ece1"/>` +
      `<path d="M230 230V266M256 226V268M282 230V266" stroke="#dcd3c4" stroke-width="3"/>`,
  };
  return kinds[p.headwear]();
}
