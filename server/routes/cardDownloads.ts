import type { FastifyInstance } from 'fastify';
import { cardExport, type CardExportFormat } from '../services/cardDownloads';
import { fileIdParams } from './schemas';

/**
 * 'Download as .json (V3)' and 'Download as .charx': a card in the other formats other apps open.
 * Public cards for anyone, private ones for their owner (Bearer); counts a download like the PNG's.
 */
export async function cardDownloadRoutes(app: FastifyInstance) {
  app.get<{ Params: { file_id: string; format: CardExportFormat } }>(
    '/api/upload/card/:file_id/download/:format',
    {
      preHandler: app.authenticateIfPresent,
      schema: {
        params: {
          type: 'object',
          required: ['file_id', 'format'],
          properties: { ...fileIdParams.properties, format: { type: 'string', enum: ['json', 'charx'] } },
        },
      },
    },
    async (request, reply) => {
      const file = await cardExport(app.db.kysely, app.blobs, request.params.file_id, request.user, request.params.format);
      return reply.type(file.type).header('content-disposition', file.disposition).header('cache-control', 'private, no-cache').send(file.body);
    },
  );
}
