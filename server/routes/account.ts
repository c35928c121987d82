import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoint } from './endpoint';
import * as contract from '@core/contract/account';
import { signedIn } from '../auth/signedIn';
import { requestAccountDeletion } from '../services/account/deletion';
import { jobView } from '../jobs/queue';
import { startAccountExport } from '../services/account/export';
import { changePassword } from '../services/account/password';

/** The person's rights over their account: export everything, change the password, delete it all. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.exportAccount),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const job = await startAccountExport(request.ctx, signedIn(request));
      return reply.code(202).send({ success: true as const, message: 'Your export is being prepared.', job: jobView(job) });
    },
  });

  app.route({
    ...endpoint(contract.changePassword),
    preHandler: app.authenticate,
    handler: async (request) => changePassword(request.ctx, signedIn(request), request.body),
  });

  // Recorded and unusable at once; its data goes in a job, in the background.
  app.route({
    ...endpoint(contract.deleteAccount),
    preHandler: app.authenticate,
    handler: async (request) => requestAccountDeletion(request.ctx, signedIn(request), request.body),
  });
};
