import type { Kysely } from 'kysely';

/**
 * The last prompt sent to the AI for each chat, part by part (what the app's Prompt view shows):
 * one row per chat, replaced by every request, gone with the chat. `parts` is JSON (core/chat's
 * PromptPart list), small: the parts name what went in, never the text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_prompts')
    .addColumn('chat_id', 'text', (col) => col.primaryKey().references('chats.id').onDelete('cascade'))
    .addColumn('parts', 'text', (col) => col.notNull())
    .addColumn('estimated_tokens', 'integer', (col) => col.notNull())
    .addColumn('context_tokens', 'integer', (col) => col.notNull())
    .addColumn('reply_tokens', 'integer', (col) => col.notNull())
    .addColumn('history_messages', 'integer', (col) => col.notNull())
    .addColumn('dropped_history', 'integer', (col) => col.notNull())
    .addColumn('dropped_examples', 'integer', (col) => col.notNull())
    .addColumn('built_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_prompts').execute();
}
