import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/chatMemory';
import * as summaries from '@core/contract/chatSummary';
import { signedIn } from '../auth/signedIn';
import { endpoint } from './endpoint';
import { chatNote, putChatNote } from '../services/chats/memory/authorsNote';
import { chatPrompt } from '../services/chats/memory/lastPrompt';
import { deleteMemory, listMemories, putMemory } from '../services/chats/memory/memories';
import { chatSummary, putChatSummary, regenerateChatSummary } from '../services/chats/memory/summary';
import { jobView } from '../jobs/queue';

/** What a chat's AI remembers: the last prompt sent for it, its pinned memories, its author's note and its summary. */
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

  app.route({
    ...endpoint(summaries.getChatSummary),
    preHandler: app.authenticate,
    handler: async (request) => chatSummary(request.ctx, signedIn(request), request.params.chat_id),
  });

  app.route({
    ...endpoint(summaries.putChatSummary),
    preHandler: app.authenticate,
    handler: async (request) => putChatSummary(request.ctx, signedIn(request), request.params.chat_id, request.body),
  });

  app.route({
    ...endpoint(summaries.regenerateChatSummary),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const job = await regenerateChatSummary(request.ctx, signedIn(request), request.params.chat_id);
      return reply.code(202).send({ success: true as const, message: 'The summary is being written again.', job: jobView(job) });
    },
  });
};
