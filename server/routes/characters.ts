import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../services/cardHits';
import { characterDetails, userCharacters } from '../services/images';
import { characterDetailsSchema, chatCharacterSchema, fileIdParams } from './schemas';

/** Cards as characters to chat with: the user's own list, and details of any card the user may see. */
export async function characterRoutes(app: FastifyInstance) {
  app.get(
    '/api/characters',
    {
      preHandler: app.authenticate,
      schema: {
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: chatCharacterSchema } } },
        },
      },
    },
    async (request) => userCharacters(app.db.kysely, request.user!),
  );

  // Details by file id: public cards for anyone, private ones for their owner; counts a view (once a day per viewer).
  app.get<{ Params: { file_id: string } }>(
    '/api/characters/:file_id',
    { preHandler: app.authenticateIfPresent, schema: { params: fileIdParams, response: { 200: characterDetailsSchema } } },
    async (request) => characterDetails(app.db.kysely, request.params.file_id, request.user, viewerOf(request.user, request.ip)),
  );
}
