import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/chatMemory';
import { signedIn } from '../auth/signedIn';
import { endpoint } from './endpoint';
import { chatPrompt } from '../services/chats/memory/lastPrompt';

/** What a chat's AI remembers: the last prompt sent for it. */
export const chatMemoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.getChatPrompt),
    preHandler: app.authenticate,
    handler: async (request) => chatPrompt(request.ctx, signedIn(request), request.params.chat_id),
  });
};
