import type { ReplyDelta } from '@core/contract';
import type { EventStream } from './stream';

/** Streams one person may hold open on an instance; a new one beyond this closes their oldest. */
export const MAX_STREAMS_PER_USER = 10;

/** This instance's open streams by person, woken by the listener (listen.ts) when their events are written. */
export class EventHub {
  private readonly byUser = new Map<string, Set<EventStream>>();

  add(stream: EventStream): void {
    let streams = this.byUser.get(stream.userId);
    if (!streams) this.byUser.set(stream.userId, (streams = new Set()));
    // A Set keeps insertion order: the first is the oldest.
    while (streams.size >= MAX_STREAMS_PER_USER) {
      const oldest = streams.values().next().value!;
      streams.delete(oldest);
      oldest.close('too_many_streams', `Closed because more than ${MAX_STREAMS_PER_USER} devices or tabs are connected.`);
    }
    streams.add(stream);
  }

  remove(stream: EventStream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.byUser.delete(stream.userId);
  }

  wake(userId: string): void {
    for (const stream of this.byUser.get(userId) ?? []) void stream.pump();
  }

  /** After the listener lost its connection: notifications may have been missed, so everyone looks. */
  wakeAll(): void {
    for (const userId of this.byUser.keys()) this.wake(userId);
  }

  delta(userId: string, delta: ReplyDelta): void {
    for (const stream of this.byUser.get(userId) ?? []) stream.delta(delta);
  }

  closeAll(): void {
    for (const streams of [...this.byUser.values()]) {
      for (const stream of [...streams]) stream.close('server_restarting', 'The server is restarting; reconnect.');
    }
    this.byUser.clear();
  }

  get size(): number {
    let count = 0;
    for (const streams of this.byUser.values()) count += streams.size;
    return count;
  }
}
