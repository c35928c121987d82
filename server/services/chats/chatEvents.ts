import type { Transaction } from 'kysely';
import { findChatById } from '../../db/repositories/chats';
import type { Database, Message } from '../../db/schema';
import { emitEvent } from '../../events/emit';
import { listItem } from './reads';
import { chatMessageOf } from './wire';

/** The events of messages stored in a chat (and of the chat itself when it is new), in the storing transaction. */
export async function emitStoredMessages(
  trx: Transaction<Database>,
  userId: string,
  chatId: string,
  newChat: boolean,
  messages: Message[],
): Promise<void> {
  if (newChat) await emitEvent(trx, userId, 'chat.created', await listItem(trx, (await findChatById(trx, chatId))!));
  for (const message of messages) await emitEvent(trx, userId, 'message.created', chatMessageOf(message));
}
