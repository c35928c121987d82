import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/cards';
import { cardExport } from '../services/cardDownloads';
import { viewerOf } from '../services/cardHits';

/**
 * 'Download as .json (V3)' and 'Download as .charx': a card in the other formats other apps open.
 * Public cards for anyone, private ones for their owner (Bearer); counts a download like the PNG's.
 */
export const cardDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/upload/card/:file_id/download/:format',
    { preHandler: app.authenticateIfPresent, schema: contract.cardExport },
    async (request, reply) => {
      const file = await cardExport(
        request.ctx,
        request.params.file_id,
        request.user,
        request.params.format,
        viewerOf(request.user, request.ip),
      );
      return reply
        .type(file.type)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-cache')
        .send(file.body);
    },
  );
};
