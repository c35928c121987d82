import type { Kysely } from 'kysely';

/**
 * `messages.model`: the model that wrote a reply (its shown version's, the latest written), exported as
 * SillyTavern's `extra.model` and read back from it on import; null on the person's messages, greetings
 * and demo replies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('model', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('model').execute();
}
