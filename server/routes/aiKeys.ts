import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/aiKeys';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { aiKeyOverview, removeAiKey, saveAiKey } from '../services/aiKeys/keys';

/** Log fields that could hold a key: a request's body and authorization header, an error's request options. */
export const REDACTED_LOG_PATHS = ['req.headers.authorization', 'req.body.key', 'body.key', 'apiKey', '*.apiKey', 'err.apiKey'];

/** A person's own AI key (only for the services USER_AI_ENDPOINTS lists): its last 4 characters, saved, removed. */
export const aiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.getAiKey),
    preHandler: app.authenticate,
    handler: async (request) => aiKeyOverview(request.ctx, signedIn(request)),
  });
  app.route({
    ...endpoint(contract.putAiKey),
    preHandler: app.authenticate,
    handler: async (request) => saveAiKey(request.ctx, signedIn(request), request.body),
  });
  app.route({
    ...endpoint(contract.deleteAiKey),
    preHandler: app.authenticate,
    handler: async (request) => removeAiKey(request.ctx, signedIn(request)),
  });
};
