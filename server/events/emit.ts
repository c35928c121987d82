import type { Transaction } from 'kysely';
import type { StoredEventKind, StoredEventPayloads } from '@core/contract';
import { insertEvent, nextEventId } from '../db/repositories/events';
import type { Database } from '../db/schema';
import { currentOrigin } from './origin';
import { wakeStreams } from './wake';

/**
 * Records a change to the person's data as an event, in the change's own transaction: the change and
 * its event commit together or not at all. Called last in the transaction, after its other locks,
 * because the person's event counter stays locked until the commit.
 */
export async function emitEvent<K extends StoredEventKind>(
  trx: Transaction<Database>,
  userId: string,
  kind: K,
  payload: StoredEventPayloads[K],
): Promise<void> {
  const id = await nextEventId(trx, userId);
  await insertEvent(trx, {
    user_id: userId,
    id,
    kind,
    payload: JSON.stringify(payload),
    origin: currentOrigin(),
    created_at: new Date().toISOString(),
  });
  await wakeStreams(trx, userId);
}
