import type { FastifyBaseLogger } from 'fastify';
import type { ReplyDelta } from '@core/contract';
import type { Db } from '../db/index';
import { loadPackage } from '../lazyPackage';
import type { EventHub } from './hub';
import { DELTAS_CHANNEL, EVENTS_CHANNEL, local } from './wake';

/** Wait before listening again after PostgreSQL dropped the listening connection. */
const RECONNECT_MS = 1_000;

/**
 * Delivers wake-ups and reply pieces to this instance's streams: from the in-process emitter on
 * SQLite, from PostgreSQL's LISTEN on a connection of its own otherwise (a pooled one would be handed
 * to queries). Returns a function that stops listening.
 */
export function listenForEvents(db: Db, hub: EventHub, log: FastifyBaseLogger): () => Promise<void> {
  const deliver = (userId: string, delta: ReplyDelta) => hub.delta(userId, delta);
  if (db.dialect === 'sqlite') {
    const wake = (userId: string) => hub.wake(userId);
    local.on(EVENTS_CHANNEL, wake);
    local.on(DELTAS_CHANNEL, deliver);
    return async () => {
      local.off(EVENTS_CHANNEL, wake);
      local.off(DELTAS_CHANNEL, deliver);
    };
  }
  return listenOnPostgres(db, hub, log, deliver);
}

function listenOnPostgres(db: Db, hub: EventHub, log: FastifyBaseLogger, deliver: (userId: string, delta: ReplyDelta) => void) {
  const pg = loadPackage<typeof import('pg')>('pg');
  let client: import('pg').Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const { databaseUrl, schema } = db.options;
    const next = new pg.Client({ connectionString: databaseUrl, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    const again = () => {
      if (stopped || client !== next) return;
      client = undefined;
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', (error) => {
      log.warn({ err: error }, 'the event listener lost PostgreSQL; listening again');
      again();
    });
    next.on('end', again);
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel.startsWith(`${EVENTS_CHANNEL}:`)) hub.wake(message.payload);
      else {
        const { user_id, delta } = JSON.parse(message.payload) as { user_id: string; delta: ReplyDelta };
        deliver(user_id, delta);
      }
    });
    client = next;
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const quoted = (channel: string) => `"${`${channel}:${rows[0]!.schema}`.replace(/"/g, '""')}"`;
      await next.query(`LISTEN ${quoted(EVENTS_CHANNEL)}`);
      await next.query(`LISTEN ${quoted(DELTAS_CHANNEL)}`);
      if (stopped) await next.end();
      // Whatever was written while nobody listened is read now.
      else hub.wakeAll();
    } catch (error) {
      log.warn({ err: error }, 'the event listener could not reach PostgreSQL; trying again');
      await next.end().catch(() => undefined);
      again();
    }
  };
  const started = connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    await started;
    await client?.end().catch(() => undefined);
  };
}
