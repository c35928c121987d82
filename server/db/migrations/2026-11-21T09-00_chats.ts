import type { Kysely } from 'kysely';

/**
 * Chats as rows: a chat, its messages (ordered by seq) and the ledger that makes completions
 * idempotent (one row per Idempotency-Key, so a retried request never answers twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // A deleted card leaves its chats readable: they keep the name (and an imported card's JSON).
    .addColumn('image_id', 'text', (col) => col.references('images.id').onDelete('set null'))
    .addColumn('character_name', 'text', (col) => col.notNull())
    .addColumn('card_type', 'text', (col) => col.notNull())
    .addColumn('card_json', 'text')
    .addColumn('portrait_key', 'text')
    .addColumn('message_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_message_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chats_user_recent_index').on('chats').columns(['user_id', 'last_message_at']).execute();
  await db.schema.createIndex('chats_user_image_index').on('chats').columns(['user_id', 'image_id']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('send_date', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text')
    .addUniqueConstraint('messages_chat_seq_unique', ['chat_id', 'seq'])
    .execute();

  await db.schema
    .createTable('completion_requests')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    // What the key was used for: the same key with another message is a client bug, not a retry.
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('greeting_message_id', 'text')
    .addColumn('user_message_id', 'text')
    .addColumn('reply_message_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('completion_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('completion_requests_chat_index').on('completion_requests').column('chat_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('completion_requests').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('chats').execute();
}
