import type { CharacterDetails } from '@core/contract';
import { db } from './db';

/** A card's details as the server last gave them (sync/characters.ts), if this device has them. */
export function storedCharacter(fileId: string): Promise<CharacterDetails | undefined> {
  return db.characters.get(fileId);
}

export async function saveCharacter(details: CharacterDetails): Promise<void> {
  await db.characters.put(details);
}
