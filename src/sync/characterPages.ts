import type { CharacterPage } from '@core/contract';
import { getCharacterPage } from '../api/discovery';
import { ApiError } from '../api/errors';
import { forgetCharacterPage, saveCharacterPage } from '../db/characterPages';

/** One request per page per page load: each answer counts a view on the server. */
const pulls = new Map<string, Promise<CharacterPage>>();

/**
 * Pulls a character's page into Dexie (the page reads it there, offline too). A page the server says
 * is not there (or not this person's) is forgotten on the device as well; one not reached stays.
 */
export function pullCharacterPage(fileId: string): Promise<CharacterPage> {
  let pull = pulls.get(fileId);
  if (!pull) {
    pull = getCharacterPage(fileId).then(
      async (page) => {
        await saveCharacterPage(page);
        return page;
      },
      async (error: unknown) => {
        pulls.delete(fileId);
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) await forgetCharacterPage(fileId);
        throw error;
      },
    );
    pulls.set(fileId, pull);
  }
  return pull;
}

/** After an action changed the page (a favorite, a submission): the next visit asks again. */
export function forgetPull(fileId: string): void {
  pulls.delete(fileId);
}
