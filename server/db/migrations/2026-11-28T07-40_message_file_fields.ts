import type { Kysely } from 'kysely';

/**
 * `messages.file_fields`: what an imported chat file's message line held beyond the fields cardchat
 * reads (SillyTavern's `extra`, `swipe_info`, `gen_started`, `title`, `force_avatar`... and fields no
 * one here knows), as JSON, written back into the line on export so nothing is lost on the way; null
 * for a message made here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('file_fields', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('file_fields').execute();
}
