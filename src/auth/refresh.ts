import { oidcConfiguration, openid, resourceParameters } from './oidc';
import { clearTokens, isExpired, loadTokens, saveTokens, tokensFromResponse, type StoredTokens } from './tokens';

/** The provider said no: the session is over and the user must sign in again. */
export class SessionEndedError extends Error {}

let refreshing: Promise<StoredTokens> | undefined;

/**
 * Trades the refresh token for new tokens. Concurrent callers share one request, because a rotated
 * refresh token works only once: a second parallel use would end the session.
 */
export function refreshTokens(): Promise<StoredTokens> {
  refreshing ??= (async () => {
    const tokens = loadTokens();
    if (!tokens?.refreshToken) {
      clearTokens();
      throw new SessionEndedError('Not signed in');
    }
    const [client, config, resource] = await Promise.all([openid(), oidcConfiguration(), resourceParameters()]);
    try {
      const response = await client.refreshTokenGrant(config, tokens.refreshToken, resource);
      const next = tokensFromResponse(response, tokens);
      saveTokens(next);
      return next;
    } catch (error) {
      // An OAuth error (invalid_grant...) ends the session; a network failure leaves it for later.
      if (error instanceof client.ResponseBodyError) {
        clearTokens();
        throw new SessionEndedError(error.error_description ?? error.error);
      }
      throw error;
    }
  })().finally(() => (refreshing = undefined));
  return refreshing;
}

/** A valid access token, refreshed first when it has expired; null when nobody is signed in. */
export async function accessToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
  const tokens = loadTokens();
  if (!tokens) return null;
  if (options.forceRefresh || isExpired(tokens)) return (await refreshTokens()).accessToken;
  return tokens.accessToken;
}
