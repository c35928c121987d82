import type { BackgroundPattern, PortraitSpec } from './types';
import { n } from './svg-kit';

/**
 * Background patterns, drawn in the glow colour at low opacity over the gradient: enough texture to
 * say "starry night" or "rainy window" without competing with the figure. Scattered patterns use the
 * seeded generator so each character's stars (or leaves, or clouds) fall in their own places.
 */

const W = 512;
const H = 768;

function scatter(rand: () => number, count: number, draw: (x: number, y: number, size: number) => string) {
  return Array.from({ length: count }, () => draw(rand() * W, rand() * H, rand())).join('');
}

export function backdrop(p: PortraitSpec, rand: () => number): string {
  const c = p.glow;
  const kinds: Record<BackgroundPattern, () => string> = {
    stars: () =>
      scatter(
        rand,
        70,
        (x, y, s) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.8 + s * 2)}" fill="${c}" opacity="${n(0.3 + s * 0.6)}"/>`,
      ) +
      scatter(rand, 7, (x, y, s) => {
        const r = 8 + s * 10;
        return `<path d="M${n(x)} ${n(y - r)}Q${n(x)} ${n(y)} ${n(x + r)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + r)}Q${n(x)} ${n(y)} ${n(x - r)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - r)}Z" fill="${c}" opacity="0.85"/>`;
      }),
    grid: () => {
      // A receding floor grid under a faint wall grid: the classic console-screen look.
      let d = '';
      for (let x = -640; x <= 1152; x += 64) d += `M256 470L${x} ${H}`;
      for (let k = 0; k < 9; k++) d += `M0 ${n(470 + (k * k * 300) / 64)}H${W}`;
      let wall = '';
      for (let x = 0; x <= W; x += 32) wall += `M${x} 0V470`;
      for (let y = 0; y <= 470; y += 32) wall += `M0 ${y}H${W}`;
      return `<path d="${wall}" stroke="${c}" stroke-width="1" opacity="0.12"/><path d="${d}" stroke="${c}" stroke-width="1.5" opacity="0.45"/>`;
    },
    rain: () =>
      scatter(rand, 90, (x, y, s) => {
        const len = 18 + s * 40;
        return `<path d="M${n(x)} ${n(y)}l${n(-len * 0.22)} ${n(len)}" stroke="${c}" stroke-width="${n(1 + s * 1.5)}" stroke-linecap="round" opacity="${n(0.2 + s * 0.4)}"/>`;
      }) + scatter(rand, 14, (x, y, s) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(3 + s * 5)}" fill="${c}" opacity="0.3"/>`),
    fog: () =>
      Array.from({ length: 7 }, (_, i) => {
        const y = 90 + i * 105 + rand() * 30;
        return `<ellipse cx="${n(rand() * W)}" cy="${n(y)}" rx="${n(220 + rand() * 160)}" ry="${n(26 + rand() * 20)}" fill="${c}" opacity="${n(0.12 + rand() * 0.12)}" filter="url(#wide-glow)"/>`;
      }).join('') +
      // A gas lamp's glow in the corner, the detective's city at night.
      `<circle cx="60" cy="120" r="40" fill="${c}" opacity="0.5" filter="url(#wide-glow)"/><circle cx="60" cy="120" r="7" fill="#ffffff" opacity="0.8"/>`,
    tiles: () => {
      // Eight-pointed stars on a lattice: two overlapping squares per cell.
      let out = '';
      for (let y = 0; y <= H + 48; y += 96) {
        for (let x = (y / 96) % 2 ? 48 : 0; x <= W + 48; x += 96) {
          out += `<rect x="${x - 26}" y="${y - 26}" width="52" height="52"/><rect x="${x - 26}" y="${y - 26}" width="52" height="52" transform="rotate(45 ${x} ${y})"/>`;
        }
      }
      return `<g fill="none" stroke="${c}" stroke-width="2" opacity="0.32">${out}</g>`;
    },
    checker: () => {
      let out = '';
      for (let y = 0; y <= H + 64; y += 64) {
        for (let x = (y / 64) % 2 ? 32 : 0; x <= W + 32; x += 64) out += `M${x} ${y - 32}L${x + 32} ${y}L${x} ${y + 32}L${x - 32} ${y}Z`;
      }
      return `<path d="${out}" fill="${c}" opacity="0.16"/>`;
    },
    orbits: () =>
      [150, 210, 280, 360]
        .map((r, i) => {
          const a = rand() * Math.PI * 2;
          return (
            `<ellipse cx="256" cy="330" rx="${r}" ry="${n(r * 0.42)}" transform="rotate(-18 256 330)" fill="none" stroke="${c}" stroke-width="2" opacity="0.4"/>` +
            `<circle cx="${n(256 + Math.cos(a) * r * 0.95)}" cy="${n(330 + Math.sin(a) * r * 0.4 - Math.cos(a) * r * 0.31)}" r="${6 + i * 2}" fill="${c}" opacity="0.8"/>`
          );
        })
        .join('') + scatter(rand, 30, (x, y, s) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.8 + s * 1.5)}" fill="${c}" opacity="0.6"/>`),
    rays: () => {
      let d = '';
      for (let i = 0; i < 24; i++) {
        const a = (i / 24) * Math.PI * 2;
        const b = a + Math.PI / 48;
        d += `M256 330L${n(256 + Math.cos(a) * 900)} ${n(330 + Math.sin(a) * 900)}L${n(256 + Math.cos(b) * 900)} ${n(330 + Math.sin(b) * 900)}Z`;
      }
      return `<path d="${d}" fill="${c}" opacity="0.13"/>`;
    },
    clouds: () =>
      scatter(rand, 6, (x, y, s) => {
        const r = 26 + s * 22;
        const cy = 60 + (y / H) * 560;
        return `<g fill="#ffffff" opacity="${n(0.35 + s * 0.3)}"><circle cx="${n(x)}" cy="${n(cy)}" r="${n(r)}"/><circle cx="${n(x + r)}" cy="${n(cy + r * 0.3)}" r="${n(r * 0.8)}"/><circle cx="${n(x - r)}" cy="${n(cy + r * 0.35)}" r="${n(r * 0.7)}"/><rect x="${n(x - r * 1.6)}" y="${n(cy + r * 0.3)}" width="${n(r * 3.3)}" height="${n(r * 0.7)}" rx="${n(r * 0.35)}"/></g>`;
      }),
    leaves: () =>
      scatter(rand, 26, (x, y, s) => {
        const len = 22 + s * 26;
        const deg = rand() * 360;
        return `<path d="M${n(x)} ${n(y)}q${n(len * 0.5)} ${n(-len * 0.45)} ${n(len)} 0q${n(-len * 0.5)} ${n(len * 0.45)} ${n(-len)} 0Z" transform="rotate(${n(deg)} ${n(x)} ${n(y)})" fill="${c}" opacity="${n(0.18 + s * 0.3)}"/>`;
      }),
    swirls: () =>
      scatter(rand, 12, (x, y, s) => {
        const r = 10 + s * 22;
        return `<path d="M${n(x)} ${n(y)}a${n(r)} ${n(r)} 0 1 1 ${n(r * 1.4)} ${n(-r * 0.6)}a${n(r * 0.6)} ${n(r * 0.6)} 0 1 0 ${n(-r * 0.5)} ${n(r * 0.6)}" fill="none" stroke="${c}" stroke-width="2.5" stroke-linecap="round" opacity="0.35"/>`;
      }) +
      scatter(
        rand,
        24,
        (x, y, s) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(2 + s * 4)}" fill="none" stroke="${c}" stroke-width="1.5" opacity="0.35"/>`,
      ),
    dots: () => {
      // Halftone: dots grow toward the bottom, like flour settling.
      let out = '';
      for (let y = 16; y < H; y += 28) {
        for (let x = (y / 28) % 2 ? 30 : 16; x < W; x += 28) out += `<circle cx="${x}" cy="${y}" r="${n(1.2 + (y / H) * 5)}"/>`;
      }
      return `<g fill="${c}" opacity="0.22">${out}</g>`;
    },
  };
  return kinds[p.pattern]();
}
