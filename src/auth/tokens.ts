import type { TokenEndpointResponse, TokenEndpointResponseHelpers } from 'openid-client';

/**
 * The tokens of the signed-in user, kept in localStorage, where the sign-in has always kept them (the CSP allows no script
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

/** The tokens a grant answered; what a refresh leaves out stays as it was. */
export function tokensFromResponse(response: TokenEndpointResponse & TokenEndpointResponseHelpers, previous?: StoredTokens): StoredTokens {
  const claims = response.claims();
  return {
    accessToken: response.access_token,
    // A provider that does not rotate keeps the old refresh token valid.
    refreshToken: response.refresh_token ?? previous?.refreshToken ?? null,
    idToken: response.id_token ?? previous?.idToken ?? null,
    expiresAt: Date.now() + (response.expiresIn() ?? 300) * 1000,
    subject: claims?.sub ?? previous?.subject ?? '',
    email: (typeof claims?.email === 'string' ? claims.email : undefined) ?? previous?.email ?? null,
  };
}
