import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/cards';
import { signedIn } from '../auth/signedIn';
import { collectionPage } from '../services/images/reads';

/** The signed-in user's uploads, newest first (spec §7, §9). */
export const collectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/collections', { preHandler: app.authenticate, schema: contract.collections }, async (request) =>
    collectionPage(request.ctx, signedIn(request), request.query),
  );
};
