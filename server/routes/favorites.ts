import type { FastifyInstance } from 'fastify';
import { addFavorite, favoritesCount, favoritesPage, isFavorited, removeFavorite } from '../services/favorites';
import { favoriteSchema, fileIdParams, idParams, idString, successSchema } from './schemas';

const imageType = { type: 'string', enum: ['public', 'user'] } as const;

/** Favorites of public cards (spec §7 "Favorites"). */
export async function favoriteRoutes(app: FastifyInstance) {
  app.post<{
    Body: { file_id: string; image_type?: string; character_name?: string; character_description?: string; tags?: string[] };
  }>(
    '/api/favorites/add',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['file_id'],
          properties: {
            file_id: idString,
            image_type: imageType,
            // Accepted for the spec's clients, not stored: the favorite shows what the card says.
            character_name: { type: 'string', maxLength: 1000 },
            character_description: { type: 'string', maxLength: 100_000 },
            tags: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 200 } },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              created: { type: 'boolean' },
              message: { type: 'string' },
              data: favoriteSchema,
            },
          },
        },
      },
    },
    async (request) => {
      const { created, favorite } = await addFavorite(app.db.kysely, request.user!, request.body);
      return { success: true, created, message: created ? 'Added to favorites' : 'Already in favorites', data: favorite };
    },
  );

  app.get<{ Querystring: { page: number; page_size: number; image_type?: string } }>(
    '/api/favorites/list',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            page_size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            image_type: imageType,
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'array', items: favoriteSchema },
              page: { type: 'integer' },
              page_size: { type: 'integer' },
              total: { type: 'integer' },
              total_pages: { type: 'integer' },
              has_next: { type: 'boolean' },
              has_prev: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => favoritesPage(app.db.kysely, request.user!, request.query),
  );

  app.get<{ Querystring: { image_type?: string } }>(
    '/api/favorites/count',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: { type: 'object', properties: { image_type: imageType } },
        response: { 200: { type: 'object', properties: { count: { type: 'integer' } } } },
      },
    },
    async (request) => favoritesCount(app.db.kysely, request.user!, request.query.image_type),
  );

  app.get<{ Params: { file_id: string } }>(
    '/api/favorites/check/:file_id',
    {
      preHandler: app.authenticate,
      schema: { params: fileIdParams, response: { 200: { type: 'object', properties: { is_favorited: { type: 'boolean' } } } } },
    },
    async (request) => isFavorited(app.db.kysely, request.user!, request.params.file_id),
  );

  // `id` is the favorite's id or the card's file_id; both paths do the same.
  for (const path of ['/api/favorites/:id', '/api/favorites/remove/:id']) {
    app.delete<{ Params: { id: string } }>(
      path,
      { preHandler: app.authenticate, schema: { params: idParams, response: { 200: successSchema } } },
      async (request) => {
        await removeFavorite(app.db.kysely, request.user!, request.params.id);
        return { success: true, message: 'Removed from favorites' };
      },
    );
  }
}
