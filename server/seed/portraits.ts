import { backdrop } from './portrait-backdrops';
import { body, ears, face, hairBack, hairFront, HEAD, head, headwear, headwearBack } from './portrait-figure';
import { prop } from './portrait-props';
import { checkColour, hash, random, shade } from './svg-kit';
import type { PortraitSpec, SeedCharacter } from './types';
import { AppError } from '../errors';
import { withPicture } from '../services/pictures/index';

/** 2:3, the shape of every card in the gallery; large enough for the biggest thumbnail (480 wide). */
export const PORTRAIT_WIDTH = 512;
export const PORTRAIT_HEIGHT = 768;

/** Every colour checked up front, so the drawing code below can interpolate them without a second thought. */
function checked(p: PortraitSpec): PortraitSpec {
  return {
    ...p,
    sky: [checkColour(p.sky[0]), checkColour(p.sky[1])],
    glow: checkColour(p.glow),
    skin: checkColour(p.skin),
    hair: checkColour(p.hair),
    outfit: checkColour(p.outfit),
    accent: checkColour(p.accent),
  };
}

function defs(p: PortraitSpec): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
<radialGradient id="halo" cx="256" cy="340" r="270" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="0.55" stop-color="${p.glow}" stop-opacity="0.16"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="cloth" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${shade(p.outfit, 0.08)}"/><stop offset="1" stop-color="${shade(p.outfit, -0.35)}"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.45"/></radialGradient>
<linearGradient id="foot" x1="0" y1="0" x2="0" y2="1"><stop offset="0.75" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient>
<clipPath id="head-clip"><path d="${HEAD}"/></clipPath>
<filter id="soft-glow" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="3" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
<filter id="wide-glow" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="16"/></filter>
</defs>`;
}

/**
 * The portrait's SVG source, back to front: sky, pattern, halo, the figure, its prop, then a vignette
 * and a darker foot so the gallery's name overlay stays legible. No text anywhere: the UI shows the
 * name, and rendering never depends on which fonts the server has.
 */
export function portraitSvg(spec: PortraitSpec): string {
  const p = checked(spec);
  const rand = random(hash(JSON.stringify(p)));
  const { back, front } = prop(p);
  const layers = [
    `<rect width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" fill="url(#sky)"/>`,
    backdrop(p, rand),
    `<rect width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" fill="url(#halo)"/>`,
    back,
    hairBack(p),
    body(p),
    headwearBack(p),
    ears(p),
    head(p),
    face(p),
    hairFront(p),
    headwear(p),
    front,
    `<rect width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" fill="url(#vignette)"/>`,
    `<rect width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" fill="url(#foot)"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" viewBox="0 0 ${PORTRAIT_WIDTH} ${PORTRAIT_HEIGHT}">${defs(p)}${layers.join('')}</svg>`;
}

/** A 512×768 PNG of the character's portrait, ready for the card writer to embed the card into. */
export async function renderPortrait(character: Pick<SeedCharacter, 'portrait'>): Promise<Buffer> {
  // Our own drawing, through the same path as anyone's pictures: it takes its turn in the pool.
  const refusal = () => new AppError(500, 'seed_portrait', `The portrait SVG of the seed gallery could not be drawn.`);
  return withPicture(Buffer.from(portraitSvg(character.portrait)), { refusal, formats: ['svg'] }, (svg) =>
    svg.resize(PORTRAIT_WIDTH, PORTRAIT_HEIGHT, { fit: 'fill' }).png({ compressionLevel: 9 }).toBuffer(),
  );
}
