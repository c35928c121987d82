import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/messages';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { appendMessage } from '../services/chats/append';
import { deleteMessage, deleteMessagesFromHere, editMessage } from '../services/chats/messageChanges';
import { ownMessage } from '../services/chats/reads';

/**
 * Single messages: read one, or add a note to a chat (no screen of the app does either); edit,
 * delete and delete from here, each made safe to retry by its Idempotency-Key.
 */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.getMessage),
    preHandler: app.authenticate,
    handler: async (request) => ownMessage(request.ctx, signedIn(request), request.params.id),
  });

  app.route({
    ...endpoint(contract.appendMessage),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const message = await appendMessage(request.ctx, signedIn(request), request.body);
      return reply.code(201).send(message);
    },
  });

  app.route({
    ...endpoint(contract.editMessage),
    preHandler: app.authenticate,
    handler: async (request) =>
      editMessage(request.ctx, signedIn(request), request.params.id, request.body, request.headers['idempotency-key']),
  });

  app.route({
    ...endpoint(contract.deleteMessage),
    preHandler: app.authenticate,
    handler: async (request) => deleteMessage(request.ctx, signedIn(request), request.params.id, request.headers['idempotency-key']),
  });

  app.route({
    ...endpoint(contract.deleteMessagesFrom),
    preHandler: app.authenticate,
    handler: async (request) => deleteMessagesFromHere(request.ctx, signedIn(request), request.body, request.headers['idempotency-key']),
  });
};
