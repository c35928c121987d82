import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/users';
import { signedIn } from '../auth/signedIn';
import { storageUsage } from '../services/storage';
import { profileOf, updateProfile } from '../services/users';

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
