import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/users';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { storageUsage } from '../services/storage';
import { profileOf, updateProfile } from '../services/users';

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
