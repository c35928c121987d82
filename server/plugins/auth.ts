import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { InvalidTokenError, type TokenVerifier } from '../auth/verify';
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

/** `verify` is the whole token check (server/auth/): this plugin only wires it to requests. */
export const authPlugin = fp<{ verify: TokenVerifier; admins: AdminRule }>(async (app: FastifyInstance, options) => {
  const { admins, verify } = options;
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
});
