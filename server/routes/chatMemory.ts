import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/chatMemory';
import { signedIn } from '../auth/signedIn';
import { endpoint } from './endpoint';
import { chatNote, putChatNote } from '../services/chats/memory/authorsNote';
import { chatPrompt } from '../services/chats/memory/lastPrompt';
import { deleteMemory, listMemories, putMemory } from '../services/chats/memory/memories';

/** What a chat's AI remembers: the last prompt sent for it, its pinned memories and its author's note. */
export const chatMemoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.getChatPrompt),
    preHandler: app.authenticate,
    handler: async (request) => chatPrompt(request.ctx, signedIn(request), request.params.chat_id),
  });
  app.route({
    ...endpoint(contract.listChatMemories),
    preHandler: app.authenticate,
    handler: async (request) => listMemories(request.ctx, signedIn(request), request.params.chat_id),
  });

  app.route({
    ...endpoint(contract.putChatMemory),
    preHandler: app.authenticate,
    handler: async (request) => putMemory(request.ctx, signedIn(request), request.params.chat_id, request.params.memory_id, request.body),
  });

  app.route({
    ...endpoint(contract.deleteChatMemory),
    preHandler: app.authenticate,
    handler: async (request) => deleteMemory(request.ctx, signedIn(request), request.params.chat_id, request.params.memory_id),
  });
  app.route({
    ...endpoint(contract.getChatNote),
    preHandler: app.authenticate,
    handler: async (request) => chatNote(request.ctx, signedIn(request), request.params.chat_id),
  });

  app.route({
    ...endpoint(contract.putChatNote),
    preHandler: app.authenticate,
    handler: async (request) => putChatNote(request.ctx, signedIn(request), request.params.chat_id, request.body),
  });
};
