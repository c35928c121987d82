import { FAR_CAST } from './cast-far';
import { NEAR_CAST } from './cast-near';
import type { SeedCharacter } from './types';

export type { PortraitSpec, SeedCharacter, SeedLorebook } from './types';

/**
 * The public gallery a fresh install starts with: original characters written and drawn by cardchat,
 * stored through the upload service on first start with an empty database.
 *
 * Seeding stores them in this order, so the list alternates other-world and our-world characters
 * (and each half is ordered so neighbouring portraits differ in colour): whichever end of the list
 * the gallery shows first, its first row mixes genres and palettes.
 */
export const SEED_CHARACTERS: readonly SeedCharacter[] = interleave(FAR_CAST, NEAR_CAST);

function interleave<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}
