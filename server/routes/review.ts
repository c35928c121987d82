import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as contract from '@core/contract/publishing';
import { endpoint } from './endpoint';
import { notFound } from '../errors';
import { approve, dismissReport, reject, reviewPicture, reviewQueue, unpublish } from '../services/publishing/moderation';

const OK = { success: true, message: 'Done' };

/**
 * The administrators' review (ADMIN_EMAILS): every route answers 404, as an unknown address does, to
 * anyone else, signed in or not, before the body is even read, so they cannot tell the routes exist.
 */
export const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    try {
      await app.authenticate(request);
    } catch {
      throw notFound();
    }
    if (!request.user?.isAdmin) throw notFound();
  });

  app.route({ ...endpoint(contract.reviewQueue), handler: async (request) => reviewQueue(request.ctx) });

  app.route({
    ...endpoint(contract.reviewPicture),
    handler: async (request, reply) =>
      reply
        .type('image/webp')
        .header('cache-control', 'no-store')
        .send(await reviewPicture(request.ctx, request.params.file_id)),
  });

  app.route({
    ...endpoint(contract.approveCard),
    handler: async (request) => {
      await approve(request.ctx, request.params.file_id, request.body);
      return OK;
    },
  });

  app.route({
    ...endpoint(contract.rejectCard),
    handler: async (request) => {
      await reject(request.ctx, request.params.file_id, request.body.reason);
      return OK;
    },
  });

  app.route({
    ...endpoint(contract.unpublishAsAdmin),
    handler: async (request) => {
      await unpublish(request.ctx, request.params.file_id, request.body.reason);
      return OK;
    },
  });

  app.route({
    ...endpoint(contract.dismissReport),
    handler: async (request) => {
      await dismissReport(request.ctx, request.params.id);
      return OK;
    },
  });
};
