import type { Transaction } from 'kysely';
import { alternativesOf, type SwipeFields } from '@core/chat/index';
import { adjustChatTotals } from '../../db/repositories/chats';
import { insertMessages } from '../../db/repositories/messages';
import type { Database, Message } from '../../db/schema';

/** A stored message's text and versions as core/chat's swipe model reads them. */
export function swipeFieldsOf(message: Pick<Message, 'content' | 'swipes' | 'swipe_id'>): SwipeFields {
  if (message.swipes === null) return { content: message.content };
  return { content: message.content, swipes: JSON.parse(message.swipes) as string[], swipe_id: Number(message.swipe_id ?? 0) };
}

/** The columns that store a message's text and versions (`swipes` only when there is a choice). */
export function swipeColumns(fields: SwipeFields): Pick<Message, 'content' | 'swipes' | 'swipe_id'> {
  const versions = fields.swipes && fields.swipes.length > 1 ? fields.swipes : null;
  return { content: fields.content, swipes: versions && JSON.stringify(versions), swipe_id: versions ? (fields.swipe_id ?? 0) : null };
}

/** UTF-8 bytes a message's text takes: every version of a reply that has several, since all are kept. */
export function messageBytes(message: Pick<Message, 'content' | 'swipes' | 'swipe_id'>): number {
  return alternativesOf(swipeFieldsOf(message)).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}

/** UTF-8 bytes of the messages' text: what a chat's `size` counts. */
export function contentBytes(messages: Pick<Message, 'content' | 'swipes' | 'swipe_id'>[]): number {
  return messages.reduce((sum, message) => sum + messageBytes(message), 0);
}

/** Adds messages to a chat with its count, size and last message time, in the caller's transaction. */
export async function storeMessages(db: Transaction<Database>, chatId: string, messages: Message[], now: string): Promise<void> {
  await insertMessages(db, messages);
  const last = messages.reduce<string | undefined>(
    (latest, m) => (latest === undefined || m.send_date > latest ? m.send_date : latest),
    undefined,
  );
  await adjustChatTotals(db, chatId, { count: messages.length, bytes: contentBytes(messages), lastMessageAt: last }, now);
}
