import type { Kysely } from 'kysely';

/**
 * Branches (a chat made from another's history up to one message):
 * - `chats.branch_of`: the chat it was made from. Not a foreign key: deleting the original leaves
 *   the branch whole, and the app then shows no link back.
 * - `chats.branch_of_name`: that chat's name when the branch was made ("Branch of …"), or an
 *   imported SillyTavern chat's `chat_metadata.main_chat`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('branch_of', 'text').execute();
  await db.schema.alterTable('chats').addColumn('branch_of_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('branch_of_name').execute();
  await db.schema.alterTable('chats').dropColumn('branch_of').execute();
}
