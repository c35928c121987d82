import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '../../core/contract/chats';
import { signedIn } from '../auth/signedIn';
import { appendMessage } from '../services/chats/append';
import { ownMessage } from '../services/chats/reads';

/** Single messages (spec §7 "Defined but with no visible screen"): read one, or add a note to a chat. */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/messages/:id', { preHandler: app.authenticate, schema: contract.getMessage }, async (request) =>
    ownMessage(request.ctx, signedIn(request), request.params.id),
  );

  app.post('/api/messages', { preHandler: app.authenticate, schema: contract.appendMessage }, async (request, reply) => {
    const message = await appendMessage(request.ctx, signedIn(request), request.body);
    return reply.code(201).send(message);
  });
};
