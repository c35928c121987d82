import { normalizeCard, writeCard } from '@core/card/index';
import { galleryIsEmpty } from '../db/repositories/gallery';
import { AppError } from '../errors';
import type { ServiceContext } from '../services/context';
import { uploadCard } from '../services/uploads';
import { galleryAccount } from '../services/galleryAccount';
import { SEED_CHARACTERS, type SeedCharacter } from './characters';
import { renderPortrait } from './portraits';

/** The character as a card PNG: its portrait with the card embedded by our own writer. */
export async function seedCardPng(character: SeedCharacter): Promise<Uint8Array> {
  const { portrait: _portrait, ...data } = character;
  const { card } = normalizeCard({ spec: 'chara_card_v2', spec_version: '2.0', data: { ...data, extensions: {} } });
  return writeCard(new Uint8Array(await renderPortrait(character)), card);
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Fills an empty gallery with cardchat's own characters, through the same upload service an
 * administrator's card goes through. Does nothing once any public card exists; instances starting
 * together are safe, because portraits render to the same bytes and a repeat upload is refused.
 */
export async function seedGallery(ctx: ServiceContext): Promise<number> {
  if (!(await galleryIsEmpty(ctx.db))) return 0;
  const owner = await galleryAccount(ctx.db);
  let seeded = 0;
  // The gallery shows newest first, so the first character of the list is uploaded last.
  for (const character of [...SEED_CHARACTERS].reverse()) {
    const bytes = await seedCardPng(character);
    try {
      await uploadCard(ctx, owner, {
        filename: `${slug(character.name)}.png`,
        mimetype: 'image/png',
        bytes,
        truncated: false,
        publicRelease: true,
      });
      seeded++;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'duplicate')) throw error;
    }
  }
  return seeded;
}
