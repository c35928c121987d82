import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReplyDelta } from '@core/contract';
import { eventsAfter, lastEventId, oldestEventId } from '../db/repositories/events';
import type { Database } from '../db/schema';
import { startServerSentEvents } from '../sse';

/** Events read from the database at a time while a stream catches up. */
const BATCH = 200;

/**
 * Bytes a stream may have waiting in its socket's buffer: past this the device is not reading (a
 * stalled connection, a suspended tab) and is dropped rather than held in memory; it resumes from
 * its Last-Event-ID when it reconnects.
 */
const MAX_BUFFERED = 1024 * 1024;

export interface StreamOptions {
  db: Kysely<Database>;
  userId: string;
  heartbeatMs: number;
  /** When the access token that opened it expires (ms since epoch): the stream ends then. */
  expiresAt: number;
  onEnd(stream: EventStream): void;
}

/** One device's live stream: catches up from its Last-Event-ID, then sends each event as it is written. */
export class EventStream {
  private readonly raw: ServerResponse;
  private cursor: number | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  private readonly timers: NodeJS.Timeout[] = [];
  readonly userId: string;

  constructor(
    reply: FastifyReply,
    private readonly options: StreamOptions,
  ) {
    this.userId = options.userId;
    // The connection ends with the stream: left open for reuse, it would hold a shutdown back.
    this.raw = startServerSentEvents(reply, { connection: 'close' });
    this.raw.on('close', () => this.end());
    const heartbeat = setInterval(() => this.write(': ping\n\n'), options.heartbeatMs);
    const expiry = setTimeout(
      () => this.close('token_expired', 'The access token expired; reconnect with a fresh one.'),
      Math.min(Math.max(0, options.expiresAt - Date.now()), 2 ** 31 - 1),
    );
    this.timers.push(heartbeat, expiry);
  }

  get open(): boolean {
    return !this.raw.writableEnded && !this.raw.destroyed;
  }

  /** Where the device stands: resumes after `lastSeen`, or tells it to pull again when those events are gone. */
  async start(lastSeen: number | undefined): Promise<void> {
    const { db, userId } = this.options;
    const newest = await lastEventId(db, userId);
    let from = lastSeen ?? newest;
    if (lastSeen !== undefined && lastSeen < newest) {
      const oldest = await oldestEventId(db, userId);
      if (oldest === undefined || oldest > lastSeen + 1) from = -1;
    }
    // Beyond the newest (a database restored from a backup) is as unknown as pruned.
    if (lastSeen !== undefined && lastSeen > newest) from = -1;
    if (from === -1) {
      this.cursor = newest;
      this.send(newest, 'resync', '{}');
    } else {
      this.cursor = from;
      this.send(from, 'ready', '{}');
    }
    await this.pump();
  }

  /** Sends what was written since the cursor; called again while running, it runs once more after. */
  pump(): Promise<void> {
    if (this.cursor === undefined || !this.open) return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = this.drain().finally(() => (this.pumping = undefined));
    return this.pumping;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const rows = await eventsAfter(this.options.db, this.userId, this.cursor!, BATCH);
        for (const row of rows) {
          const origin = row.origin === null ? 'null' : JSON.stringify(row.origin);
          this.send(row.id, row.kind, `{"id":${row.id},"kind":${JSON.stringify(row.kind)},"origin":${origin},"payload":${row.payload}}`);
          this.cursor = row.id;
        }
        if (rows.length < BATCH || !this.open) break;
      }
    } while (this.again && this.open);
  }

  delta(delta: ReplyDelta): void {
    this.write(`event: reply.delta\ndata: ${JSON.stringify(delta)}\n\n`);
  }

  /** Ends the stream with a reason the device can read (it reconnects unless told it is too many). */
  close(reason: string, message: string): void {
    this.write(`event: closed\ndata: ${JSON.stringify({ reason, message })}\n\n`);
    if (this.open) this.raw.end();
    this.end();
  }

  private send(id: number, event: string, data: string): void {
    this.write(`id: ${id}\nevent: ${event}\ndata: ${data}\n\n`);
  }

  private write(text: string): void {
    if (!this.open) return;
    if (this.raw.writableLength > MAX_BUFFERED) {
      this.raw.destroy();
      return;
    }
    this.raw.write(text);
  }

  private end(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    this.options.onEnd(this);
  }
}
