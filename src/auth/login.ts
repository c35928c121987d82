import { loadClientConfig } from '../config/clientConfig';
import { oidcConfiguration, openid, resourceParameters } from './oidc';
import { saveTokens, tokensFromResponse } from './tokens';

/** What a sign-in carries across the provider's pages; sessionStorage keeps it to this tab. */
interface PendingLogin {
  verifier: string;
  state: string;
  returnTo: string;
}

const PENDING_KEY = 'cardchat.pendingLogin';

export function callbackUrl(): string {
  return `${window.location.origin}/callback`;
}

/** Only a path on our own origin may be returned to, never a URL someone put in a link. */
export function safeReturnPath(path: string | null | undefined): string {
  // Browsers read a backslash as a slash, so '/\\evil.example' would be another origin.
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\') || path.startsWith('/callback')) return '/';
  return path;
}

/** Sends the browser to the provider (authorization code + PKCE S256 + state). */
export async function startLogin(returnTo: string): Promise<void> {
  const [client, config, { auth }, resource] = await Promise.all([openid(), oidcConfiguration(), loadClientConfig(), resourceParameters()]);
  const verifier = client.randomPKCECodeVerifier();
  const pending: PendingLogin = { verifier, state: client.randomState(), returnTo: safeReturnPath(returnTo) };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(),
    scope: auth.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    ...resource,
  });
  window.location.assign(url.href);
}

export class LoginError extends Error {}

/** Finishes the sign-in on /callback; returns the path where it started. */
export async function completeLogin(currentUrl: URL): Promise<string> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  if (!raw) throw new LoginError('This sign-in link has expired. Please sign in again.');
  const pending = JSON.parse(raw) as PendingLogin;
  sessionStorage.removeItem(PENDING_KEY);
  const providerError = currentUrl.searchParams.get('error');
  if (providerError) {
    throw new LoginError(currentUrl.searchParams.get('error_description') ?? `Sign-in failed (${providerError}).`);
  }
  const [client, config, resource] = await Promise.all([openid(), oidcConfiguration(), resourceParameters()]);
  const response = await client.authorizationCodeGrant(
    config,
    currentUrl,
    { pkceCodeVerifier: pending.verifier, expectedState: pending.state, idTokenExpected: true },
    resource,
  );
  saveTokens(tokensFromResponse(response));
  return pending.returnTo;
}
