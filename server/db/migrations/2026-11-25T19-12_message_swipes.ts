import type { Kysely } from 'kysely';

/**
 * A reply keeps its alternatives (swipes), and messages can be edited and deleted safely.
 *
 * - `messages.swipes`: JSON `[{content, send_date}]`, every alternative of an assistant message in
 *   order, or null when it has only one. `content` stays the shown one (`swipes[swipe_id].content`),
 *   so every reader that does not care about alternatives (the prompt, search, export's `mes`) reads
 *   `content` as before. `messages.swipe_id`: the shown alternative, null without swipes.
 * - `message_changes`: the idempotency ledger of edits and deletes (one row per Idempotency-Key), so
 *   a retried edit applies once and an old one retried late never overwrites a newer one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('swipes', 'text').execute();
  await db.schema.alterTable('messages').addColumn('swipe_id', 'integer').execute();

  await db.schema
    .createTable('message_changes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    // What the key was used for: the same key asking for another change is a client bug, not a retry.
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('message_changes_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('message_changes_chat_index').on('message_changes').column('chat_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_changes').execute();
  await db.schema.alterTable('messages').dropColumn('swipe_id').execute();
  await db.schema.alterTable('messages').dropColumn('swipes').execute();
}
