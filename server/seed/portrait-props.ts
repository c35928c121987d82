import type { Accessory, PortraitSpec } from './types';
import { mirrored, n, shade } from './svg-kit';

/**
 * Each character's telling object. Worn things sit on the figure; held things float in the lower
 * corner with a soft glow of their own, where a hand would hold them, without drawing hands (hands at
 * this size look wrong far more often than they look right).
 */

export type Prop = { back: string; front: string };

const front = (svg: string): Prop => ({ back: '', front: svg });

/** A floating object's halo, so it reads against any background. */
const halo = (x: number, y: number, r: number, colour: string) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${colour}" opacity="0.35" filter="url(#wide-glow)"/>`;

export function prop(p: PortraitSpec): Prop {
  const kinds: Record<Accessory, () => Prop> = {
    flask: () =>
      front(
        halo(396, 650, 70, p.accent) +
          `<path d="M382 560H410V604C440 614 456 640 456 666C456 702 428 724 396 724C364 724 336 702 336 666C336 640 352 614 382 604Z" fill="#ffffff" opacity="0.28" stroke="#ffffff" stroke-width="3"/>` +
          `<path d="M340 660C360 648 432 648 452 660C452 700 428 720 396 720C364 720 340 700 340 660Z" fill="${p.accent}"/>` +
          `<path d="M378 546H414V564H378Z" fill="#8a5a34"/>` +
          `<circle cx="380" cy="684" r="6" fill="#ffffff" opacity="0.7"/><circle cx="408" cy="672" r="4" fill="#ffffff" opacity="0.6"/>`,
      ),
    antenna: () =>
      front(
        mirrored(
          `<circle cx="172" cy="352" r="22" fill="${shade(p.skin, -0.3)}"/><circle cx="172" cy="352" r="10" fill="${p.accent}" filter="url(#soft-glow)"/>`,
        ) +
          `<path d="M346 340L384 226" stroke="${shade(p.skin, -0.3)}" stroke-width="5" stroke-linecap="round"/>` +
          `<circle cx="384" cy="222" r="9" fill="${p.accent}" filter="url(#soft-glow)"/>` +
          `<path d="M236 470H276M226 484H286" stroke="${shade(p.skin, -0.35)}" stroke-width="3" opacity="0.6"/>`,
      ),
    teacup: () =>
      front(
        halo(390, 660, 70, p.glow) +
          `<ellipse cx="390" cy="712" rx="70" ry="14" fill="${shade(p.accent, -0.15)}"/>` +
          `<path d="M338 650H442C440 690 420 710 390 710C360 710 340 690 338 650Z" fill="${p.accent}"/>` +
          `<path d="M440 662C470 660 470 696 432 696" fill="none" stroke="${p.accent}" stroke-width="9"/>` +
          `<ellipse cx="390" cy="650" rx="52" ry="9" fill="#7a4a2e"/>` +
          `<path d="M374 630C364 610 386 598 376 576M402 630C392 610 414 598 404 576" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.55"/>`,
      ),
    monocle: () =>
      front(
        `<circle cx="286" cy="356" r="22" fill="#ffffff" fill-opacity="0.15" stroke="${p.accent}" stroke-width="5"/>` +
          `<path d="M306 366C330 420 322 470 340 520" fill="none" stroke="${p.accent}" stroke-width="2.5" stroke-dasharray="5 4"/>`,
      ),
    astrolabe: () => {
      const ticks = Array.from({ length: 24 }, (_, i) => {
        const a = (i / 24) * Math.PI * 2;
        return `M${n(396 + Math.cos(a) * 48)} ${n(654 + Math.sin(a) * 48)}L${n(396 + Math.cos(a) * 56)} ${n(654 + Math.sin(a) * 56)}`;
      }).join('');
      return front(
        halo(396, 654, 76, p.glow) +
          `<circle cx="396" cy="654" r="60" fill="${shade(p.accent, -0.35)}" stroke="${p.accent}" stroke-width="6"/>` +
          `<path d="${ticks}" stroke="${p.accent}" stroke-width="2.5"/>` +
          `<circle cx="396" cy="654" r="32" fill="none" stroke="${p.accent}" stroke-width="3"/>` +
          `<path d="M396 608L406 644L440 654L406 664L396 700L386 664L352 654L386 644Z" fill="${p.accent}"/>` +
          `<circle cx="396" cy="588" r="9" fill="none" stroke="${p.accent}" stroke-width="5"/>`,
      );
    },
    keyring: () => {
      const keys = [-50, -15, 20, 55]
        .map(
          (deg) =>
            `<g transform="rotate(${deg} 116 640)"><path d="M116 676V740M116 726H130M116 712H126" stroke="#f4c542" stroke-width="7" stroke-linecap="round"/></g>`,
        )
        .join('');
      return front(halo(116, 660, 70, p.glow) + keys + `<circle cx="116" cy="640" r="36" fill="none" stroke="#f4c542" stroke-width="7"/>`);
    },
    spectacles: () =>
      front(
        mirrored(`<circle cx="226" cy="356" r="23" fill="#ffffff" fill-opacity="0.12" stroke="${p.accent}" stroke-width="4.5"/>`) +
          `<path d="M249 352Q256 344 263 352M203 350L176 342M309 350L336 342" fill="none" stroke="${p.accent}" stroke-width="4"/>`,
      ),
    collar: () => ({
      // The tall cape collar stands behind the head: that is what makes him look grand.
      back: mirrored(
        `<path d="M206 516L104 290C150 320 186 380 236 430Z" fill="${shade(p.outfit, 0.06)}"/>` +
          `<path d="M200 498L128 332C160 360 190 400 226 438Z" fill="${shade(p.accent, -0.45)}"/>`,
      ),
      front: `<circle cx="256" cy="544" r="14" fill="${p.accent}" filter="url(#soft-glow)"/><circle cx="256" cy="544" r="8" fill="#ffffff" opacity="0.7"/>`,
    }),
    scarf: () =>
      front(
        `<path d="M306 500C360 496 410 460 480 468L470 526C420 516 372 550 300 542Z" fill="${shade(p.accent, -0.15)}"/>` +
          `<path d="M204 488C236 512 276 512 308 488L318 530C280 556 232 556 194 530Z" fill="${p.accent}"/>` +
          `<path d="M424 486l22 -3l3 20l-22 3Z M232 520l24 2l-2 18l-24 -2Z" fill="${shade(p.accent, 0.3)}"/>`,
      ),
    sprout: () =>
      front(
        halo(398, 640, 70, p.accent) +
          `<path d="M356 660H440L430 724H366Z" fill="#b5643c"/><path d="M350 650H446V668H350Z" fill="#c97a4c"/>` +
          `<path d="M398 652C398 620 396 600 400 580" fill="none" stroke="${shade(p.accent, -0.3)}" stroke-width="5"/>` +
          `<path d="M400 600C370 600 354 580 350 556C380 556 398 572 400 600Z" fill="${p.accent}"/>` +
          `<path d="M400 588C426 584 444 562 446 536C418 540 402 560 400 588Z" fill="${shade(p.accent, 0.2)}"/>`,
      ),
    candle: () =>
      front(
        halo(118, 560, 80, p.accent) +
          `<ellipse cx="118" cy="716" rx="46" ry="12" fill="#c9a45a"/><path d="M98 600H138V712H98Z" fill="#f7f1e3"/>` +
          `<path d="M98 600C110 612 122 606 138 600" fill="none" stroke="#e6dcc6" stroke-width="4"/>` +
          `<path d="M118 540C132 560 134 580 118 592C102 580 104 560 118 540Z" fill="${p.accent}" filter="url(#soft-glow)"/>` +
          `<path d="M118 560C124 570 124 580 118 586C112 580 112 570 118 560Z" fill="#ffffff"/>`,
      ),
    croissant: () => {
      // Five overlapping lobes along an arc, biggest in the middle: a croissant at any size.
      const lobes = [0, 1, 2, 3, 4]
        .map((i) => {
          const a = Math.PI * (1.15 + i * 0.175);
          const x = 396 + Math.cos(a) * 58;
          const y = 712 + Math.sin(a) * 58;
          const r = [16, 24, 30, 24, 16][i]!;
          const deg = (a * 180) / Math.PI + 90;
          return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 1.3)}" transform="rotate(${n(deg)} ${n(x)} ${n(y)})" fill="${shade(p.accent, i % 2 ? 0.12 : 0)}" stroke="${shade(p.accent, -0.35)}" stroke-width="3"/>`;
        })
        .join('');
      return front(halo(396, 672, 74, p.glow) + lobes);
    },
  };
  return kinds[p.accessory]();
}
