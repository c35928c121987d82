import type { CharacterPage } from '@core/contract';
import { db } from './db';

/** A character's page as this device last saw it (offline, it opens from here). */
export function storedCharacterPage(fileId: string): Promise<CharacterPage | undefined> {
  return db.characterPages.get(fileId);
}

export async function saveCharacterPage(page: CharacterPage): Promise<void> {
  await db.characterPages.put(page);
}

/** The server says the page is gone (deleted, made private, not this person's): this device forgets it. */
export async function forgetCharacterPage(fileId: string): Promise<void> {
  await db.characterPages.delete(fileId);
}

/** Changes the stored page of one of the person's cards after an action on it (a submission, an unpublish). */
export async function updateCharacterPage(fileId: string, change: (page: CharacterPage) => void): Promise<void> {
  await db.characterPages.update(fileId, change);
}
