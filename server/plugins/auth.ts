import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { InvalidTokenError, type AccessClaims, type TokenVerifier } from '../auth/verify';
import { unauthorized } from '../errors';
import { checkIdentityHeaders, userFromClaims, type AdminRule, type RequestUser } from '../services/users';

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets request.user or answers 401/400. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler for routes open to everyone that show more to a signed-in user: authenticates when a token is sent. */
    authenticateIfPresent: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Tokens whose verification is remembered; a client sends the same one for its whole lifetime. */
const VERIFIED_TOKENS = 1000;

/**
 * Remembers what a token verified to until it expires (docs/ARCHITECTURE.md §3): the signature check
 * is the slowest step of every signed-in request. Keyed by the token's hash, least recently used
 * forgotten first. Only the claims are kept: the user row is read on every request.
 */
function rememberingVerifier(verify: TokenVerifier): TokenVerifier {
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

export const authPlugin = fp<{ verify: TokenVerifier; admins: AdminRule }>(
  async (app: FastifyInstance, options) => {
    const { admins } = options;
    const verify = rememberingVerifier(options.verify);
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      let claims;
      try {
        claims = await verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw unauthorized('Invalid or expired access token');
        throw error;
      }
      const user = await userFromClaims(app.db.kysely, claims, admins);
      checkIdentityHeaders(user, header(request, 'x-user-id'), header(request, 'x-user-email'));
      request.user = user;
    });
    app.decorate('authenticateIfPresent', async (request: FastifyRequest) => {
      if (request.headers.authorization !== undefined) await app.authenticate(request);
    });
  },
);
