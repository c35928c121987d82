import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/chats';
import { PAGE_SIZES } from '@core/contract/constants';
import { signedIn } from '../auth/signedIn';
import { endpoint } from './endpoint';
import { createBranch } from '../services/chats/branches';
import { removeChat } from '../services/chats/deletes';
import { updateChat } from '../services/chats/update';
import { chatPhoto, generateChatPhoto } from '../services/chats/photo';
import { chatList, chatMessages } from '../services/chats/reads';
import { searchChats } from '../services/chats/search';

/** The recent list, a chat's messages page by page, searching inside chats, changing and deleting a chat, and its photo. */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.listChats),
    preHandler: app.authenticate,
    handler: async (request) =>
      chatList(request.ctx, signedIn(request), {
        character_id: request.body.character_id,
        q: request.body.q,
        page: request.body.page ?? 1,
        page_size: request.body.page_size ?? PAGE_SIZES.recentChats,
      }),
  });

  app.route({
    ...endpoint(contract.getChat),
    preHandler: app.authenticate,
    handler: async (request) =>
      chatMessages(request.ctx, signedIn(request), {
        chat_id: request.body.chat_id,
        page: request.body.page ?? 1,
        page_size: request.body.page_size ?? PAGE_SIZES.messages,
        before_seq: request.body.before_seq,
        after_seq: request.body.after_seq,
        around_seq: request.body.around_seq,
      }),
  });

  app.route({
    ...endpoint(contract.searchChats),
    preHandler: app.authenticate,
    handler: async (request) => searchChats(request.ctx, signedIn(request), request.body),
  });

  app.route({
    ...endpoint(contract.deleteChat),
    preHandler: app.authenticate,
    handler: async (request) => {
      await removeChat(request.ctx, signedIn(request), request.body.chat_id);
      return { success: true, message: 'Chat deleted' };
    },
  });

  app.route({
    ...endpoint(contract.createBranch),
    preHandler: app.authenticate,
    handler: async (request, reply) =>
      reply.code(201).send(await createBranch(request.ctx, signedIn(request), request.params.chat_id, request.body)),
  });

  app.route({
    ...endpoint(contract.updateChat),
    preHandler: app.authenticate,
    handler: async (request) => updateChat(request.ctx, signedIn(request), request.params.chat_id, request.body),
  });

  app.route({
    ...endpoint(contract.makeChatPhoto),
    preHandler: app.authenticate,
    handler: async (request) => generateChatPhoto(request.ctx, signedIn(request), request.body.chat_id),
  });

  app.route({
    ...endpoint(contract.chatPhoto),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const stream = await chatPhoto(request.ctx, signedIn(request), request.params.chat_id);
      return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(stream);
    },
  });
};
