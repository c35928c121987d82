import type { CharacterDetails } from '@core/contract';
import { getCharacterDetails } from '../api/characters';
import { saveCharacter } from '../db/characters';

/** One request per card per page load: every GET of a card's details counts a view on the server. */
const pulls = new Map<string, Promise<CharacterDetails>>();

/**
 * Fetches a card's details into Dexie (the chat's panel reads them there) and hands them back for a
 * caller that acts on them (a favorite's click). Shared by every caller of the page load (the
 * favorites click and the chat it opens ask for the same card), so one visit counts one view.
 */
export function pullCharacter(fileId: string): Promise<CharacterDetails> {
  let pull = pulls.get(fileId);
  if (!pull) {
    pull = getCharacterDetails(fileId).then(async (details) => {
      await saveCharacter(details);
      return details;
    });
    // A failure is not remembered, so the next ask tries again.
    pull.catch(() => pulls.delete(fileId));
    pulls.set(fileId, pull);
  }
  return pull;
}
