import type { Kysely, Transaction } from 'kysely';
import type { Database, MessageChangesTable } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findMessageChange(db: Db, userId: string, key: string): Promise<MessageChangesTable | undefined> {
  return db.selectFrom('message_changes').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** Records a change under its key; a second change with the same key fails here at the primary key. */
export async function insertMessageChange(db: Db, row: MessageChangesTable): Promise<void> {
  await db.insertInto('message_changes').values(row).execute();
}
