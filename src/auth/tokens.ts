/**
 * The tokens of the signed-in user, kept in localStorage as the spec asks (the CSP allows no script
 * but our own, which is what keeps other code away from them).
 */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** When the access token stops being valid (ms since epoch). */
  expiresAt: number;
  /** Who the ID token names; repeated to the API in X-User-ID / X-User-Email. */
  subject: string;
  email: string | null;
}

const KEY = 'cardchat.tokens';

export function loadTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredTokens) : null;
  } catch {
    return null;
  }
}

export function saveTokens(tokens: StoredTokens): void {
  localStorage.setItem(KEY, JSON.stringify(tokens));
}

export function clearTokens(): void {
  localStorage.removeItem(KEY);
}

/** An access token this close to expiry is refreshed before use rather than sent to fail. */
const EXPIRY_MARGIN_MS = 30_000;

export function isExpired(tokens: StoredTokens, now = Date.now()): boolean {
  return tokens.expiresAt - EXPIRY_MARGIN_MS <= now;
}
