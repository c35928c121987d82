import type { Kysely } from 'kysely';

/**
 * `messages.reasoning`: a thinking model's reasoning, per version of a reply (JSON `[{text,
 * duration_ms}|null, …]`, index for index with its versions), kept apart from `content` so it is
 * never sent back in a prompt; exported as SillyTavern's `extra.reasoning` and read back on import.
 * Null when no version has any.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('reasoning', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('reasoning').execute();
}
