import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import * as contract from '@core/contract/users';
import { STORAGE_UNAVAILABLE } from '../blobs/store';
import type { Config } from '../config';
import { DATABASE_UNAVAILABLE } from '../db/errors';

export const healthRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.get('/api/health', { schema: contract.health }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db.kysely);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send(DATABASE_UNAVAILABLE);
    }
    try {
      await app.blobs.check();
    } catch (error) {
      app.log.warn({ err: error }, 'health check: blob store unusable');
      return reply.status(503).send(STORAGE_UNAVAILABLE);
    }
    // Reads still work on a full disk: 200, so clients and load balancers keep using this instance.
    const reason = await app.storageWatch.problem();
    return {
      status: reason ? ('degraded' as const) : ('ok' as const),
      ...(reason ? { reason } : {}),
      database: app.db.dialect,
      blobs: app.blobs.kind,
      ai: app.ai.kind,
      auth: config.oidc.issuer ? ('external' as const) : ('embedded' as const),
    };
  });
};
