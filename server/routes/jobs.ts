import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/jobs';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { userJobs } from '../db/repositories/jobs';
import { notFound } from '../errors';
import { jobView, ownJob } from '../jobs/queue';
import { exportFileOf } from '../services/account/export';
import { contentDisposition } from '../services/images/files';

const DAY_MS = 24 * 60 * 60_000;

/** The user's jobs (imports, exports, deletions) and an export's file; anyone else's job is 404. */
export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.listJobs),
    preHandler: app.authenticate,
    handler: async (request) => {
      const since = new Date(Date.now() - DAY_MS).toISOString();
      const jobs = await userJobs(request.ctx.db, signedIn(request).id, since, 20);
      return { data: jobs.filter((job) => !request.query.kind || job.kind === request.query.kind).map(jobView) };
    },
  });

  app.route({
    ...endpoint(contract.getJob),
    preHandler: app.authenticate,
    handler: async (request) => jobView(await ownJob(request.ctx, signedIn(request).id, request.params.id)),
  });

  app.route({
    ...endpoint(contract.jobFile),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const job = await ownJob(request.ctx, signedIn(request).id, request.params.id);
      const file = job.state === 'done' ? exportFileOf(job.result) : undefined;
      const stream = file ? await request.ctx.blobs.get(file.key) : null;
      if (!file || !stream) throw notFound('This export has no file (any more): export your data again.');
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.bytes))
        .header('content-disposition', contentDisposition(file.name.replace(/\.zip$/, ''), '.zip'))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
};
