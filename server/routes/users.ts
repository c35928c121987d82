import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/users';
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
  app.get('/api/users/profile', { preHandler: app.authenticate, schema: contract.getProfile }, async (request) =>
    profileOf(signedIn(request)),
  );

  app.get('/api/users/storage', { preHandler: app.authenticate, schema: contract.storageUsage }, async (request) =>
    storageUsage(request.ctx.db, signedIn(request)),
  );

  app.put('/api/users/profile', { preHandler: app.authenticate, schema: contract.updateProfile }, async (request) =>
    profileOf(await updateProfile(request.ctx, signedIn(request), request.body)),
  );
};
