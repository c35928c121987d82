import type { FastifyInstance } from 'fastify';
import { collectionPage } from '../services/images';
import { collectionItemSchema, limitOffsetQuery } from './schemas';

/** The signed-in user's uploads, newest first, 12 a page by default (spec §7, §9). */
export async function collectionRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/collections',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: limitOffsetQuery(12),
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'array', items: collectionItemSchema },
              total: { type: 'integer' },
              limit: { type: 'integer' },
              offset: { type: 'integer' },
              has_next: { type: 'boolean' },
              has_prev: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => collectionPage(app.db.kysely, request.user!, request.query),
  );
}
