import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/chats';
import { PAGE_SIZES } from '@core/contract/constants';
import { signedIn } from '../auth/signedIn';
import { removeChat } from '../services/chats/deletes';
import { updateChat } from '../services/chats/persona';
import { chatPhoto, generateChatPhoto } from '../services/chats/photo';
import { chatList, chatMessages } from '../services/chats/reads';

/** The recent list, a chat's messages page by page, changing and deleting a chat (spec §7 "Chats"), and its photo. */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/chats/list', { preHandler: app.authenticate, schema: contract.listChats }, async (request) =>
    chatList(request.ctx, signedIn(request), {
      character_id: request.body.character_id,
      q: request.body.q,
      page: request.body.page ?? 1,
      page_size: request.body.page_size ?? PAGE_SIZES.recentChats,
    }),
  );

  app.post('/api/chats/get', { preHandler: app.authenticate, schema: contract.getChat }, async (request) =>
    chatMessages(request.ctx, signedIn(request), {
      chat_id: request.body.chat_id,
      page: request.body.page ?? 1,
      page_size: request.body.page_size ?? PAGE_SIZES.messages,
      before_seq: request.body.before_seq,
    }),
  );

  app.post('/api/chats/delete', { preHandler: app.authenticate, schema: contract.deleteChat }, async (request) => {
    await removeChat(request.ctx, signedIn(request), request.body.chat_id);
    return { success: true, message: 'Chat deleted' };
  });

  app.put('/api/chats/:chat_id', { preHandler: app.authenticate, schema: contract.updateChat }, async (request) =>
    updateChat(request.ctx, signedIn(request), request.params.chat_id, request.body),
  );

  app.post('/api/chats/photo', { preHandler: app.authenticate, schema: contract.makeChatPhoto }, async (request) =>
    generateChatPhoto(request.ctx, signedIn(request), request.body.chat_id),
  );

  app.get('/api/chats/photo/:chat_id', { preHandler: app.authenticate, schema: contract.chatPhoto }, async (request, reply) => {
    const stream = await chatPhoto(request.ctx, signedIn(request), request.params.chat_id);
    return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(stream);
  });
};
