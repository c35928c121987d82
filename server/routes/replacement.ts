import type { FastifyInstance } from 'fastify';
import { MAX_REPLACEMENT_BYTES, MESSAGE_TOO_BIG, replaceCharacter, type ReplacementRequest } from '../services/replacement';
import { deleteCharacterChats } from '../services/chats/deletes';
import { characterUsage } from '../services/chats/reads';
import { collectionItemSchema, idParams, idString } from './schemas';

/** The new image travels as a base64 data URL inside JSON: 10 MB of image is about 13.4 MB of text. */
const REPLACE_BODY_LIMIT = Math.ceil((MAX_REPLACEMENT_BYTES * 4) / 3) + 64 * 1024;

/** Character replacement (spec §4 "Replace-character flow", §7 "Character replacement"). */
export async function replacementRoutes(app: FastifyInstance) {
  app.get(
    '/api/character-replacement/user-type',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: { type: 'object', properties: { user_type: { type: 'string' } } } } },
    },
    async (request) => ({ user_type: request.user!.plan }),
  );

  // Asked before a card is deleted: its chats go too, so the user is warned twice when it has any.
  app.get<{ Params: { id: string } }>(
    '/api/character-replacement/character-usage/:id',
    {
      preHandler: app.authenticate,
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { has_chats: { type: 'boolean' }, chat_count: { type: 'integer' }, character_name: { type: 'string' } },
          },
        },
      },
    },
    async (request) => characterUsage(app.db.kysely, request.user!, request.params.id),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/character-replacement/character-chats/:id',
    {
      preHandler: app.authenticate,
      schema: { params: idParams, response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, deleted: { type: 'integer' } } } } },
    },
    async (request) => deleteCharacterChats(app.db.kysely, request.user!, request.params.id),
  );

  app.post<{ Body: ReplacementRequest }>(
    '/api/character-replacement/replace',
    {
      preHandler: app.authenticate,
      bodyLimit: REPLACE_BODY_LIMIT,
      // The body is over its limit only when the image in it is: say so in the spec's words.
      config: { payloadTooLargeMessage: MESSAGE_TOO_BIG },
      schema: {
        body: {
          type: 'object',
          required: ['original_file_id', 'new_image'],
          properties: {
            original_file_id: idString,
            new_image: { type: 'string', maxLength: REPLACE_BODY_LIMIT },
            new_name: { type: 'string', maxLength: 200 },
            creator_name: { type: 'string', maxLength: 200 },
            is_public_image: { type: 'boolean' },
            update_chat_links: { type: 'boolean' },
            drop_assets: { type: 'boolean' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              message: { type: 'string' },
              data: collectionItemSchema,
              original_deleted: { type: 'boolean' },
              favorite_removed: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => {
      const result = await replaceCharacter(
        { db: app.db.kysely, blobs: app.blobs, log: (error) => request.log.warn({ err: error }, 'replacement cleanup failed') },
        request.user!,
        request.body,
      );
      return { success: true, message: 'Character image replaced', ...result };
    },
  );
}
