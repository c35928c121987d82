import { createHash } from 'node:crypto';
import type { AccessClaims, TokenVerifier } from './verify';

/** Tokens whose verification is remembered; a client sends the same one for its whole lifetime. */
const VERIFIED_TOKENS = 1000;

/**
 * Remembers what a token verified to until it expires (docs/ARCHITECTURE.md §3): the signature check
 * is the slowest step of every signed-in request. Keyed by the token's hash, least recently used
 * forgotten first. Only the claims are kept: the user row is read on every request.
 */
export function rememberVerifiedTokens(verify: TokenVerifier): TokenVerifier {
  const verified = new Map<string, AccessClaims>();
  return async (token) => {
    const key = createHash('sha256').update(token).digest('base64');
    const claims = verified.get(key);
    verified.delete(key);
    // exp is required (verify.ts); jose takes a token as expired from its exp second on, and so does this.
    if (claims && Date.now() < claims.exp! * 1000) {
      verified.set(key, claims);
      return claims;
    }
    const fresh = await verify(token);
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(key, fresh);
    return fresh;
  };
}
