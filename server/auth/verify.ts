import { AppError } from '../errors';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

/** Algorithms we accept; `none` and HMAC (which a public key could be abused as) never are. */
const ALGORITHMS = ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'];

export interface AccessClaims extends JWTPayload {
  sub: string;
  iss: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export class InvalidTokenError extends Error {}

/** The issuer's keys could not be fetched: no token can be judged, which is not the user's fault (503, not 401). */
const signInUnavailable = () =>
  new AppError(503, 'sign_in_unavailable', 'The sign-in service cannot be reached right now. Please try again in a moment.');

/** The same as jose's JWKS fetch timeout. */
const DISCOVERY_TIMEOUT_MS = 5_000;

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** Keys held in-process (embedded provider); otherwise fetched from the issuer's JWKS. */
  localKeys?: JSONWebKeySet | undefined;
  /** RFC 9068: a real access token says `typ: at+jwt`, which keeps ID tokens from passing as one. */
  requireAccessTokenType: boolean;
}

export type TokenVerifier = (token: string) => Promise<AccessClaims>;

async function discoverJwksUri(issuer: string): Promise<URL> {
  // No redirects (jose's JWKS fetch refuses them too); a silent issuer must not hold requests for ever.
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    redirect: 'error',
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`OpenID discovery for ${issuer} failed with HTTP ${response.status}`);
  const metadata = (await response.json()) as { jwks_uri?: string };
  if (!metadata.jwks_uri) throw new Error(`OpenID discovery for ${issuer} has no jwks_uri`);
  return new URL(metadata.jwks_uri);
}

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  let keys: Promise<Parameters<typeof jwtVerify>[1]> | undefined;
  const getKeys = () => {
    keys ??= options.localKeys
      ? Promise.resolve(createLocalJWKSet(options.localKeys))
      : discoverJwksUri(options.issuer).then((uri) => createRemoteJWKSet(uri));
    // A failed discovery is retried on the next request rather than remembered.
    keys.catch(() => (keys = undefined));
    return keys;
  };

  return async (token) => {
    const key = await getKeys().catch(() => {
      throw signInUnavailable();
    });
    try {
      const { payload } = await jwtVerify(token, key as never, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iss'],
        ...(options.requireAccessTokenType ? { typ: 'at+jwt' } : {}),
      });
      return payload as AccessClaims;
    } catch (error) {
      if (error instanceof errors.JWKSTimeout) throw signInUnavailable();
      if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.code);
      // fetch itself failing (refused, reset) while jose loads the issuer's keys.
      throw signInUnavailable();
    }
  };
}
