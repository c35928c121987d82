import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decodeJwt } from 'jose';
import * as contract from '@core/contract/events';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { EventStream } from '../events/stream';
import type { Config } from '../config';

/** GET /api/events: the signed-in device's live stream of changes to the person's data. */
export const eventRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...endpoint(contract.events),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const user = signedIn(request);
      // The token was verified by authenticate; only its expiry is read here.
      const token = request.headers.authorization!.replace(/^Bearer\s+/i, '');
      const lastSeen = request.headers['last-event-id'] ?? request.query.last_event_id;
      const stream = new EventStream(reply, {
        db: app.db.kysely,
        userId: user.id,
        heartbeatMs: config.events.heartbeatMs,
        expiresAt: (decodeJwt(token).exp ?? 0) * 1000,
        onEnd: (ended) => app.events.remove(ended),
      });
      app.events.add(stream);
      await stream.start(lastSeen === undefined ? undefined : Number(lastSeen));
      return reply;
    },
  });
};
