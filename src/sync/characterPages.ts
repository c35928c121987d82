import type { CharacterPage } from '@core/contract';
import { characterPageDataUrl } from '@core/gallery';
import { REQUEST_TIMEOUT_MS } from '../api/client';
import { getCharacterPage } from '../api/discovery';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from '../api/errors';
import { loadTokens } from '../auth/tokens';
import { forgetCharacterPage, saveCharacterPage } from '../db/characterPages';

/** One request per page per page load: each answer counts a view on the server. */
const pulls = new Map<string, Promise<CharacterPage>>();

/**
 * A visitor's page is the one the server's shell preloaded (server/plugins/static.ts): a plain fetch
 * of the same URL takes that response. Signed in, the page is asked with the token (it says what is
 * theirs).
 */
async function fetchPage(fileId: string): Promise<CharacterPage> {
  if (loadTokens()) return getCharacterPage(fileId);
  let response: Response;
  try {
    response = await fetch(characterPageDataUrl(fileId), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as CharacterPage;
}

/**
 * Pulls a character's page into Dexie (the page reads it there, offline too). A page the server says
 * is not there (or not this person's) is forgotten on the device as well; one not reached stays.
 */
export function pullCharacterPage(fileId: string): Promise<CharacterPage> {
  let pull = pulls.get(fileId);
  if (!pull) {
    pull = fetchPage(fileId).then(
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
