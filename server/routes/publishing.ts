import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as creators from '@core/contract/creators';
import * as contract from '@core/contract/publishing';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { updateContent, updateCreator } from '../services/creators';
import { reportCard } from '../services/publishing/reports';
import { submitCard, unpublishCard } from '../services/publishing/review';
import { profileOf } from '../services/users';

/** A signed-in person's side of sharing: submitting and unpublishing own cards, reports, their creator page and age settings. */
export const publishingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.submitCard),
    preHandler: app.authenticate,
    handler: async (request) => submitCard(request.ctx, signedIn(request), request.params.file_id, request.body),
  });

  app.route({
    ...endpoint(contract.unpublishCard),
    preHandler: app.authenticate,
    handler: async (request) => unpublishCard(request.ctx, signedIn(request), request.params.file_id),
  });

  app.route({
    ...endpoint(contract.report),
    preHandler: app.authenticate,
    handler: async (request) => reportCard(request.ctx, signedIn(request), request.body),
  });

  app.route({
    ...endpoint(creators.updateCreator),
    preHandler: app.authenticate,
    handler: async (request) => profileOf(await updateCreator(request.ctx, signedIn(request), request.body)),
  });

  app.route({
    ...endpoint(creators.updateContent),
    preHandler: app.authenticate,
    handler: async (request) => profileOf(await updateContent(request.ctx, signedIn(request), request.body)),
  });
};
