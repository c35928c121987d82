import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/chats';
import { signedIn } from '../auth/signedIn';
import { appendMessage } from '../services/chats/append';
import { deleteMessage, deleteMessagesFromHere, editMessage } from '../services/chats/messageChanges';
import { ownMessage } from '../services/chats/reads';

/**
 * Single messages (spec §7 "Defined but with no visible screen"): read one, or add a note to a chat;
 * issue 18's edit, delete and delete from here, each made safe to retry by its Idempotency-Key.
 */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/messages/:id', { preHandler: app.authenticate, schema: contract.getMessage }, async (request) =>
    ownMessage(request.ctx, signedIn(request), request.params.id),
  );

  app.post('/api/messages', { preHandler: app.authenticate, schema: contract.appendMessage }, async (request, reply) => {
    const message = await appendMessage(request.ctx, signedIn(request), request.body);
    return reply.code(201).send(message);
  });

  app.patch('/api/messages/:id', { preHandler: app.authenticate, schema: contract.editMessage }, async (request) =>
    editMessage(request.ctx, signedIn(request), request.params.id, request.body, request.headers['idempotency-key']),
  );

  app.delete('/api/messages/:id', { preHandler: app.authenticate, schema: contract.deleteMessage }, async (request) =>
    deleteMessage(request.ctx, signedIn(request), request.params.id, request.headers['idempotency-key']),
  );

  app.post('/api/messages/delete-from', { preHandler: app.authenticate, schema: contract.deleteMessagesFrom }, async (request) =>
    deleteMessagesFromHere(request.ctx, signedIn(request), request.body, request.headers['idempotency-key']),
  );
};
