import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import type { RequestUser } from '../services/users';

/**
 * The signed-in user of a route behind `app.authenticate`, typed as present. A route that forgot
 * the preHandler answers 401 here rather than acting for nobody.
 */
export function signedIn(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
