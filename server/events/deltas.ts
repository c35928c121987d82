import type { Kysely } from 'kysely';
import type { ReplyDelta } from '@core/contract';
import type { Database } from '../db/schema';
import { currentOrigin } from './origin';
import { publishDelta } from './wake';

/**
 * Passes a streaming reply's pieces to the person's other devices, in order (one after another, so
 * PostgreSQL's pooled connections cannot reorder them) and without holding the reply back: a piece
 * that cannot be passed on is only missing from the live view, the stored reply has it.
 */
export function deltaRelay(db: Kysely<Database>, userId: string, reply: Pick<ReplyDelta, 'chat_id' | 'key' | 'message_id'>) {
  const origin = currentOrigin();
  let chain = Promise.resolve();
  return {
    send(text: string): void {
      chain = chain.then(() => publishDelta(db, userId, { ...reply, text, origin })).catch(() => undefined);
    },
    /** Resolves once every piece sent so far is passed on: the stored reply's event must come after them. */
    sent: () => chain,
  };
}
