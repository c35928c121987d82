import type { Kysely } from 'kysely';

/**
 * Replies cut short by Stop are kept: `messages.stopped_swipe` is the version (its index; 0 on a
 * reply with one version) whose text ended at a Stop, so the app marks it while it is shown; null
 * on every other message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('stopped_swipe', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('stopped_swipe').execute();
}
