import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/users';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { storageUsage } from '../services/storage';
import { updateProfile, type RequestUser } from '../services/users';

function profileOf(user: RequestUser): contract.UserProfile {
  return {
    email: user.email,
    name: user.name,
    picture: user.picture,
    uid: user.id,
    sub: user.subject,
    plan: user.plan,
    is_admin: user.isAdmin,
  };
}

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...endpoint(contract.getProfile), preHandler: app.authenticate, handler: async (request) => profileOf(signedIn(request)) });

  app.route({
    ...endpoint(contract.storageUsage),
    preHandler: app.authenticate,
    handler: async (request) => storageUsage(request.ctx.db, signedIn(request)),
  });

  app.route({
    ...endpoint(contract.updateProfile),
    preHandler: app.authenticate,
    handler: async (request) => profileOf(await updateProfile(request.ctx, signedIn(request), request.body)),
  });
};
