import type { Transaction } from 'kysely';
import { adjustChatTotals } from '../../db/repositories/chats';
import { insertMessages } from '../../db/repositories/messages';
import type { Database, Message } from '../../db/schema';

/** UTF-8 bytes of the messages' text: what a chat's `size` counts. */
export function contentBytes(messages: Pick<Message, 'content'>[]): number {
  return messages.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0);
}

/** Adds messages to a chat with its count, size and last message time, in the caller's transaction. */
export async function storeMessages(db: Transaction<Database>, chatId: string, messages: Message[], now: string): Promise<void> {
  await insertMessages(db, messages);
  const last = messages.reduce<string | undefined>((latest, m) => (latest === undefined || m.send_date > latest ? m.send_date : latest), undefined);
  await adjustChatTotals(db, chatId, { count: messages.length, bytes: contentBytes(messages), lastMessageAt: last }, now);
}
