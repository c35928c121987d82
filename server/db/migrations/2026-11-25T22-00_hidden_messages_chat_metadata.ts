import type { Kysely } from 'kysely';

/**
 * Chats brought from other apps:
 * - `messages.hidden`: 1 on a message hidden from the model (SillyTavern's is_system, its "hide"):
 *   kept and shown, never put in a prompt, exported hidden again.
 * - `chats.chat_metadata`: SillyTavern's chat_metadata (author's note, variables...) as the imported
 *   file had it, JSON text or null; written back on export. It counts towards the storage quota.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('chats').addColumn('chat_metadata', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('chat_metadata').execute();
  await db.schema.alterTable('messages').dropColumn('hidden').execute();
}
