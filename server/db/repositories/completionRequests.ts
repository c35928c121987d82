import type { Kysely, Transaction, Updateable } from 'kysely';
import type { CompletionRequestRow, CompletionRequestsTable, Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findCompletionRequest(db: Db, userId: string, key: string): Promise<CompletionRequestRow | undefined> {
  return db
    .selectFrom('completion_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Inserts the ledger row; a second request with the same key fails here at the primary key. */
export async function insertCompletionRequest(db: Db, row: CompletionRequestRow): Promise<void> {
  await db.insertInto('completion_requests').values(row).execute();
}

export async function updateCompletionRequest(
  db: Db,
  userId: string,
  key: string,
  changes: Updateable<CompletionRequestsTable>,
): Promise<void> {
  await db.updateTable('completion_requests').set(changes).where('user_id', '=', userId).where('idempotency_key', '=', key).execute();
}

/** Marks a running request as alive, so other instances never take a long reply for an abandoned one. */
export async function touchCompletionRequest(db: Db, userId: string, key: string, now: string): Promise<void> {
  await updateCompletionRequest(db, userId, key, { updated_at: now });
}

/**
 * Claims a failed (or abandoned running) request for another attempt; true when this caller won it,
 * so two retries racing each other never both call the AI.
 */
export async function claimForRetry(db: Db, row: CompletionRequestRow, now: string): Promise<boolean> {
  const result = await db
    .updateTable('completion_requests')
    .set({ state: 'running', error_code: null, error_message: null, updated_at: now })
    .where('user_id', '=', row.user_id)
    .where('idempotency_key', '=', row.idempotency_key)
    .where('state', '=', row.state)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
