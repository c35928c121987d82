import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EXPORT_ESTIMATE_HEADER } from '@core/contract/constants';
import * as contract from '@core/contract/account';
import { signedIn } from '../auth/signedIn';
import { requestAccountDeletion } from '../services/account/deletion';
import { exportAccount } from '../services/account/export';
import { changePassword } from '../services/account/password';

/** The person's rights over their account (issue 21): export everything, change the password, delete it all. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/users/me/export', { preHandler: app.authenticate, schema: contract.exportAccount }, async (request, reply) => {
    let gone = false;
    request.raw.once('close', () => (gone = request.raw.destroyed || gone));
    reply.raw.once('close', () => (gone = !reply.raw.writableFinished));
    const { stream, disposition, estimatedBytes } = await exportAccount(request.ctx, signedIn(request), () => gone);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', disposition)
      .header(EXPORT_ESTIMATE_HEADER, String(estimatedBytes))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.post('/api/users/me/password', { preHandler: app.authenticate, schema: contract.changePassword }, async (request) =>
    changePassword(request.ctx, signedIn(request), request.body),
  );

  app.delete('/api/users/me', { preHandler: app.authenticate, schema: contract.deleteAccount }, async (request) => {
    const user = signedIn(request);
    const answer = await requestAccountDeletion(request.ctx, user, request.body);
    // Recorded and unusable already; the data goes now, in the background (and at the next start if this process dies first).
    void app.accountDeletions.run(user.id);
    return answer;
  });
};
