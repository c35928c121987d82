import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { issuerOf } from '../../server/config';
import { loadProviderKeys } from '../../server/idp/keys';
import type { TestApp } from './helpers';

export interface TokenOptions {
  sub?: string;
  email?: string;
  name?: string;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  typ?: string;
  claims?: JWTPayload;
}

/**
 * Signs an access token with the embedded provider's own key, as the provider would, so API tests
 * exercise real signature, issuer, audience and expiry checks without a browser sign-in.
 */
export async function accessToken(test: Pick<TestApp, 'config' | 'db' | 'dataDir'>, options: TokenOptions = {}): Promise<string> {
  const keys = await loadProviderKeys(test.db.kysely, test.dataDir);
  const jwk = keys.signing.keys[0]!;
  const key = await importJWK(jwk, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: options.email ?? 'ada@example.com',
    name: options.name ?? 'Ada',
    scope: 'openid profile email',
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: jwk.kid!, typ: options.typ ?? 'at+jwt' })
    .setSubject(options.sub ?? 'user-ada')
    .setIssuer(options.issuer ?? issuerOf(test.config))
    .setAudience(options.audience ?? test.config.oidc.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(key);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
