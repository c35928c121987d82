import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/cards';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { collectionPage } from '../services/images/reads';

/** The signed-in user's uploads, newest first, 12 to a page unless asked otherwise. */
export const collectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.collections),
    preHandler: app.authenticate,
    handler: async (request) => collectionPage(request.ctx, signedIn(request), request.query),
  });
};
