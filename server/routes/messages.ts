import type { FastifyInstance } from 'fastify';
import { appendMessage } from '../services/chats/append';
import { ownMessage } from '../services/chats/reads';
import { chatMessageSchema } from './chatSchemas';
import { idParams, idString } from './schemas';

/** Single messages (spec §7 "Defined but with no visible screen"): read one, or add a note to a chat. */
export async function messageRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/api/messages/:id',
    { preHandler: app.authenticate, schema: { params: idParams, response: { 200: chatMessageSchema } } },
    async (request) => ownMessage(app.db.kysely, request.user!, request.params.id),
  );

  app.post<{ Body: { chatId: string; content: string; timestamp?: string } }>(
    '/api/messages',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['chatId', 'content'],
          properties: { chatId: idString, content: { type: 'string', maxLength: 20_000 }, timestamp: { type: 'string', maxLength: 40 } },
        },
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await appendMessage(app.db.kysely, request.user!, request.body);
      return reply.code(201).send(message);
    },
  );
}
