import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { ServiceContext } from '../services/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The services' tools (database, blobs, AI, configuration) and this request's logger. */
    readonly ctx: ServiceContext;
  }
  interface FastifyInstance {
    /** The same with the server's logger, for work no request asked for (seeding the gallery). */
    readonly ctx: ServiceContext;
  }
}

/** Gives every request the one context object services take; registered after db, blobs, ai and jobs. */
export const contextPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const limits = { completion: (userId: string) => app.countCompletion(userId) };
  app.decorate('ctx', {
    getter(): ServiceContext {
      return { db: app.db.kysely, blobs: app.blobs, ai: app.ai, config, log: app.log, jobs: app.jobs, limits };
    },
  });
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): ServiceContext {
      return { db: app.db.kysely, blobs: app.blobs, ai: app.ai, config, log: this.log, jobs: app.jobs, limits };
    },
  });
});
