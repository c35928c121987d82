import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as creators from '@core/contract/creators';
import * as contract from '@core/contract/publishing';
import { signedIn } from '../auth/signedIn';
import { updateContent, updateCreator } from '../services/creators';
import { reportCard } from '../services/publishing/reports';
import { submitCard, unpublishCard } from '../services/publishing/review';
import { profileOf } from '../services/users';

/** A signed-in person's side of sharing: submitting and unpublishing own cards, reports, their creator page and age settings. */
export const publishingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/publishing/:file_id/submit', { preHandler: app.authenticate, schema: contract.submitCard }, async (request) =>
    submitCard(request.ctx, signedIn(request), request.params.file_id, request.body),
  );

  app.post('/api/publishing/:file_id/unpublish', { preHandler: app.authenticate, schema: contract.unpublishCard }, async (request) =>
    unpublishCard(request.ctx, signedIn(request), request.params.file_id),
  );

  app.post('/api/reports', { preHandler: app.authenticate, schema: contract.report }, async (request) =>
    reportCard(request.ctx, signedIn(request), request.body),
  );

  app.put('/api/users/me/creator', { preHandler: app.authenticate, schema: creators.updateCreator }, async (request) =>
    profileOf(await updateCreator(request.ctx, signedIn(request), request.body)),
  );

  app.put('/api/users/me/content', { preHandler: app.authenticate, schema: creators.updateContent }, async (request) =>
    profileOf(await updateContent(request.ctx, signedIn(request), request.body)),
  );
};
