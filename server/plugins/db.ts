import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Makes the database reachable from every route; closes it when the app closes, after in-flight requests. */
export const dbPlugin = fp<{ db: Db; closeOnExit: boolean }>(async (app: FastifyInstance, { db, closeOnExit }) => {
  app.decorate('db', db);
  if (closeOnExit) app.addHook('onClose', async () => db.close());
});
