import type { FastifyInstance } from 'fastify';
import type { ChatGetRequest, ChatListRequest } from '../../core/types';
import { chatList, chatMessages, MESSAGES_PAGE_SIZE, removeChat, RECENT_PAGE_SIZE } from '../services/chats/reads';
import { chatGetBody, chatGetResponse, chatIdBody, chatListBody, chatListResponse } from './chatSchemas';

/** The recent list, a chat's messages page by page, and deleting a chat (spec §7 "Chats"). */
export async function chatRoutes(app: FastifyInstance) {
  app.post<{ Body: ChatListRequest }>(
    '/api/chats/list',
    { preHandler: app.authenticate, schema: { body: chatListBody, response: { 200: chatListResponse } } },
    async (request) =>
      chatList(app.db.kysely, request.user!, {
        character_id: request.body.character_id,
        q: request.body.q,
        page: request.body.page ?? 1,
        page_size: request.body.page_size ?? RECENT_PAGE_SIZE,
      }),
  );

  app.post<{ Body: ChatGetRequest }>(
    '/api/chats/get',
    { preHandler: app.authenticate, schema: { body: chatGetBody, response: { 200: chatGetResponse } } },
    async (request) =>
      chatMessages(app.db.kysely, request.user!, {
        chat_id: request.body.chat_id,
        page: request.body.page ?? 1,
        page_size: request.body.page_size ?? MESSAGES_PAGE_SIZE,
        before_seq: request.body.before_seq,
      }),
  );

  app.post<{ Body: { chat_id: string } }>(
    '/api/chats/delete',
    { preHandler: app.authenticate, schema: { body: chatIdBody } },
    async (request) => {
      await removeChat(app.db.kysely, request.user!, request.body.chat_id);
      return { success: true, message: 'Chat deleted' };
    },
  );
}
