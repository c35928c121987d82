import { randomUUID } from 'node:crypto';
import type { Chat, Message } from '../../db/schema';

/** A new message row of `chat` at `seq`: every column a message written here does not set is empty. */
export function message(
  chat: Chat,
  seq: number,
  fields: Pick<Message, 'role' | 'content' | 'name'> &
    Partial<Pick<Message, 'client_id' | 'stopped_swipe' | 'model' | 'reasoning' | 'speaker_id'>>,
  at: string,
): Message {
  return {
    id: randomUUID(),
    chat_id: chat.id,
    seq,
    send_date: at,
    client_id: null,
    swipes: null,
    swipe_id: null,
    hidden: 0,
    stopped_swipe: null,
    model: null,
    reasoning: null,
    speaker_id: null,
    file_fields: null,
    ...fields,
  };
}
