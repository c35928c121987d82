import { isUnreachable } from '../api/errors';

/**
 * Where a screen's pull from the server stands: 'loading' while the first page is on its way,
 * 'error' when it failed, 'offline' when cardchat could not be reached or was not tried (what Dexie
 * holds stays usable).
 */
export type PullPhase = 'loading' | 'ready' | 'error' | 'offline';

/** Where a failed pull leaves the screen: no answer (offline, cardchat not reached) is 'offline', anything else 'error'. */
export function failedPullPhase(error: unknown): PullPhase {
  return isUnreachable(error) ? 'offline' : 'error';
}
