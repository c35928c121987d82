import type { FastifyInstance } from 'fastify';
import type { ChatGetRequest, ChatListRequest } from '../../core/types';
import type { Config } from '../config';
import { chatPhoto, generateChatPhoto } from '../services/chats/photo';
import { removeChat } from '../services/chats/deletes';
import { chatList, chatMessages, MESSAGES_PAGE_SIZE, RECENT_PAGE_SIZE } from '../services/chats/reads';
import { idString } from './schemas';
import { chatGetBody, chatGetResponse, chatIdBody, chatListBody, chatListResponse } from './chatSchemas';

/** The recent list, a chat's messages page by page, deleting a chat (spec §7 "Chats"), and its photo. */
export async function chatRoutes(app: FastifyInstance, { config }: { config: Config }) {
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
      await removeChat(app.db.kysely, app.blobs, request.user!, request.body.chat_id);
      return { success: true, message: 'Chat deleted' };
    },
  );

  app.post<{ Body: { chat_id: string } }>(
    '/api/chats/photo',
    { preHandler: app.authenticate, schema: { body: chatIdBody } },
    async (request) =>
      generateChatPhoto({ db: app.db.kysely, blobs: app.blobs, images: config.images }, request.user!, request.body.chat_id),
  );

  app.get<{ Params: { chat_id: string } }>(
    '/api/chats/photo/:chat_id',
    { preHandler: app.authenticate, schema: { params: { type: 'object', required: ['chat_id'], properties: { chat_id: idString } } } },
    async (request, reply) => {
      const stream = await chatPhoto({ db: app.db.kysely, blobs: app.blobs }, request.user!, request.params.chat_id);
      return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(stream);
    },
  );
}
