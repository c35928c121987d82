import type { Kysely, Transaction } from 'kysely';
import type { ChatPromptRow, Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Keeps a chat's last prompt, replacing the one before. */
export async function saveChatPrompt(db: Db, row: ChatPromptRow): Promise<void> {
  const { chat_id: _chatId, ...rest } = row;
  await db
    .insertInto('chat_prompts')
    .values(row)
    .onConflict((conflict) => conflict.column('chat_id').doUpdateSet(rest))
    .execute();
}

/** The last prompt of the user's chat; undefined when none was kept (another user's chat included). */
export function findOwnChatPrompt(db: Db, userId: string, chatId: string): Promise<ChatPromptRow | undefined> {
  return db
    .selectFrom('chat_prompts')
    .innerJoin('chats', 'chats.id', 'chat_prompts.chat_id')
    .selectAll('chat_prompts')
    .where('chat_prompts.chat_id', '=', chatId)
    .where('chats.user_id', '=', userId)
    .executeTakeFirst();
}
