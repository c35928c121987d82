import { CARD_IMAGE_CACHE } from '@core/caches';
import type { UserProfile } from '@core/contract';
import { ApiError } from '../api/errors';
import { getProfile } from '../api/users';
import { OFFLINE_SESSION_MS } from '../config/appConfig';
import { db, USER_DATA_TABLES } from '../db/db';
import { connectivity, noteNoAnswer, onReconnected, startConnectivity } from '../lib/connectivity';
import { createStore } from '../lib/store';
import { oidcConfiguration, openid } from './oidc';
import { SessionEndedError } from './refresh';
import { clearTokens, loadTokens } from './tokens';

/**
 * Who is using the app right now. 'offline' is the spec's recently-remembered session: the server
 * cannot be reached, but a profile it confirmed less than 24 hours ago opens signed-in pages.
 */
export type Session =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; profile: UserProfile }
  | { status: 'offline'; profile: UserProfile };

export const sessionStore = createStore<Session>({ status: 'loading' });

/** The user's profile when signed in, or remembered while cardchat cannot be reached; else null. */
export function profileOf(session: Session): UserProfile | null {
  return session.status === 'signedIn' || session.status === 'offline' ? session.profile : null;
}
const set = sessionStore.set;

async function rememberedProfile(now: number): Promise<UserProfile | null> {
  const cached = await db.profile.get('me');
  if (!cached || now - cached.lastLoginAt >= OFFLINE_SESSION_MS) return null;
  return cached.profile;
}

/** Everything on the device that belongs to the signed-in user (the public gallery stays). */
async function forget(): Promise<void> {
  clearTokens();
  // The outbox too: unsent messages are the user's, and a replay under the next user's tokens would
  // post them into that user's account. The character editor's drafts are the user's writing too.
  await db.transaction('rw', USER_DATA_TABLES, async () => {
    for (const table of USER_DATA_TABLES) await table.clear();
  });
}

let settling: Promise<Session> | undefined;

/**
 * Settles the session: asks the server who the tokens belong to, falls back to the cached profile
 * when cardchat cannot be reached, and forgets everything when the provider has ended the session.
 * Calls made while one runs share it.
 */
export function refreshSession(now = Date.now()): Promise<Session> {
  settling ??= settle(now).finally(() => (settling = undefined));
  return settling;
}

async function settle(now: number): Promise<Session> {
  if (!loadTokens()) {
    set({ status: 'signedOut' });
    return sessionStore.get();
  }
  if (connectivity() === 'offline') {
    await remembered(now);
    return sessionStore.get();
  }
  try {
    const profile = await getProfile();
    await db.profile.put({ key: 'me', profile, lastLoginAt: now });
    set({ status: 'signedIn', profile });
  } catch (error) {
    const unreachable = (error instanceof ApiError && (error.isNetwork || error.status >= 500)) || error instanceof TypeError;
    if (unreachable) {
      // A 5xx here (a gateway while the server restarts) is cardchat not there yet too: the probes
      // go on until it answers, and then this runs again (watchConnectivity).
      noteNoAnswer();
      await remembered(now);
    } else {
      if (error instanceof SessionEndedError || (error instanceof ApiError && error.status === 401)) await forget();
      set({ status: 'signedOut' });
    }
  }
  return sessionStore.get();
}

/** Offline with the profile confirmed in the last 24 hours, else signed out (the tokens stay for the next check). */
async function remembered(now: number): Promise<void> {
  const profile = await rememberedProfile(now);
  set(profile ? { status: 'offline', profile } : { status: 'signedOut' });
}

/** Clears the stored profile and tokens, ends the provider's session when reachable, and returns to the origin. */
export async function signOut(): Promise<void> {
  const idToken = loadTokens()?.idToken;
  await forget();
  // Private card images may sit in the service worker's cache; a shared device must not keep them.
  if ('caches' in window) await caches.delete(CARD_IMAGE_CACHE);
  // The session state stays as it is until the browser leaves: flipping it to signed out here would
  // make a guarded page start a new sign-in that races the provider's sign-out.
  const home = `${window.location.origin}/`;
  try {
    const [client, config] = await Promise.all([openid(), oidcConfiguration()]);
    if (connectivity() === 'online' && config.serverMetadata().end_session_endpoint) {
      const url = client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: home,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
      window.location.assign(url.href);
      return;
    }
  } catch {
    // The provider is unreachable: the local sign-out above already happened.
  }
  window.location.assign(home);
}

/**
 * After the account was deleted: this device forgets everything it kept (every table, whatever later
 * versions add, and the card images) and lands on Home signed out. The provider's sessions are gone
 * already, so there is nothing to sign out of there.
 */
export async function forgetDeletedAccount(): Promise<void> {
  clearTokens();
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) await table.clear();
  });
  for (const key of ['selectedCharacter', 'isFromCardClick']) localStorage.removeItem(key);
  if ('caches' in window) await caches.delete(CARD_IMAGE_CACHE);
  // As in signOut, the session state stays until the browser leaves: a guarded page must not start a sign-in.
  window.location.assign(`${window.location.origin}/`);
}

/**
 * Starts the app's connectivity (lib/connectivity.ts: the device's events and the probes while
 * cardchat does not answer) and re-checks the session each time cardchat answers again, so '(offline)'
 * clears by itself; the outbox flushes once the session is signed in again (sync/outboxTriggers.ts).
 * A session still signed out with tokens kept is one that could not be checked: it is checked too.
 */
export function watchConnectivity(): () => void {
  const stop = startConnectivity();
  const unsubscribe = onReconnected(() => {
    const { status } = sessionStore.get();
    if (status === 'offline' || (status === 'signedOut' && loadTokens())) void refreshSession();
  });
  return () => {
    unsubscribe();
    stop();
  };
}
