import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { STORAGE_UNAVAILABLE } from '../blobs/store';
import { DATABASE_UNAVAILABLE } from '../db/errors';

export async function healthRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['ok', 'degraded'] },
              reason: {
                type: 'object',
                properties: { error: { type: 'string' }, message: { type: 'string' }, free_bytes: { type: 'number' } },
              },
              database: { type: 'string', enum: ['sqlite', 'postgres'] },
              blobs: { type: 'string', enum: ['files', 's3'] },
              ai: { type: 'string', enum: ['demo', 'openai'] },
              auth: { type: 'string', enum: ['embedded', 'external'] },
            },
          },
          503: {
            type: 'object',
            properties: { error: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    async (_request, reply) => {
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
        status: reason ? 'degraded' : 'ok',
        ...(reason ? { reason } : {}),
        database: app.db.dialect,
        blobs: app.blobs.kind,
        ai: app.ai.kind,
        auth: config.oidc.issuer ? 'external' : 'embedded',
      };
    },
  );
}
