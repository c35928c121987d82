import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { pruneEvents } from '../db/repositories/events';
import { EventHub } from '../events/hub';
import { listenForEvents } from '../events/listen';
import { enterOrigin } from '../events/origin';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live event streams (GET /api/events). */
    events: EventHub;
  }
}

const PRUNE_MS = 60 * 60_000;

/**
 * The live event stream's wiring: the hub of open streams, the listener that wakes them, the
 * requesting device's id for the events a request writes, and the hourly pruning of events older than
 * the retention window. On close the streams end with a reason, so devices reconnect elsewhere.
 */
export const eventsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const hub = new EventHub();
  app.decorate('events', hub);
  app.addHook('onRequest', async (request) => enterOrigin(request.headers['x-device-id']));
  const stopListening = listenForEvents(app.db, hub, app.log);
  const prune = () => {
    const before = new Date(Date.now() - config.events.retentionHours * 3_600_000).toISOString();
    pruneEvents(app.db.kysely, before).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning old events failed; the next pass tries again'),
    );
  };
  app.addHook('onReady', async () => {
    setImmediate(prune);
  });
  const timer = setInterval(prune, PRUNE_MS);
  timer.unref();
  // The streams end before the server closes (it waits for open connections); the listener only
  // after: a slow goodbye to PostgreSQL in preClose kept the server accepting connections meanwhile.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    hub.closeAll();
  });
  app.addHook('onClose', async () => stopListening());
});
