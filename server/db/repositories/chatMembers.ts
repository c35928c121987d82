/** A group chat's members (chat_members) and the chat's group strategy. */
import type { Kysely, Transaction } from 'kysely';
import type { ChatMember, Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The members of these chats, each chat's in its order. */
export function membersOf(db: Db, chatIds: readonly string[]): Promise<ChatMember[]> {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('chat_members').selectAll().where('chat_id', 'in', chatIds).orderBy('chat_id').orderBy('position').execute();
}

export async function insertMembers(db: Db, members: readonly ChatMember[]): Promise<void> {
  if (members.length > 0) await db.insertInto('chat_members').values(members).execute();
}

export async function setMemberMuted(db: Db, chatId: string, memberId: string, muted: boolean): Promise<boolean> {
  const result = await db
    .updateTable('chat_members')
    .set({ muted: muted ? 1 : 0 })
    .where('chat_id', '=', chatId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMember(db: Db, chatId: string, memberId: string): Promise<boolean> {
  const result = await db.deleteFrom('chat_members').where('chat_id', '=', chatId).where('id', '=', memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes the chat a group (or changes how its speakers are picked), and names it when it has no title. */
export async function setGroup(db: Db, chatId: string, fields: { group_strategy: string; character_name: string; updated_at: string }) {
  await db.updateTable('chats').set(fields).where('id', '=', chatId).execute();
}
