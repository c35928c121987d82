import Dexie from 'dexie';
import type { ReplyDelta, StoredEvent, StoredEventKind, StoredEventPayloads } from '@core/contract';
import { STREAMING_REPLY_PREFIX } from '../../db/chatMessages';
import { deleteLocalChat } from '../../db/chatList';
import { db, type LocalMessage } from '../../db/db';
import { deleteFavorite } from '../../db/favorites';
import { recordFavorite } from '../gallery';
import { endStreamingText, setStreamingText } from '../send/streamingText';

/** Characters of a message the recent list shows under a chat. */
const LAST_MESSAGE_CHARS = 100;

/** Replies streaming on another device, by their streaming row's id, with the chat each belongs to. */
const streaming = new Map<string, { chatId: string; text: string }>();

/** Whether this device mirrors the chat's messages: a chat never opened here is pulled whole when opened. */
async function holdsMessages(chatId: string): Promise<boolean> {
  return (await db.messages.where('[chat_id+seq]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey]).first()) !== undefined;
}

async function endStreaming(chatId: string): Promise<void> {
  const ids = [...streaming].filter(([, reply]) => reply.chatId === chatId).map(([id]) => id);
  for (const id of ids) {
    streaming.delete(id);
    endStreamingText(id);
  }
  await db.messages.bulkDelete(ids);
}

async function storeMessage(message: StoredEventPayloads['message.created'], created: boolean): Promise<void> {
  if (message.role === 'assistant') await endStreaming(message.chat_id);
  if (!(await holdsMessages(message.chat_id))) return;
  await db.transaction('rw', db.messages, db.chats, async () => {
    await db.messages.put({ ...message, state: 'sent' });
    const chat = await db.chats.get(message.chat_id);
    if (!created || !chat) return;
    await db.chats.update(message.chat_id, {
      last_message: message.content.slice(0, LAST_MESSAGE_CHARS),
      last_message_time: message.send_date,
      message_count: chat.message_count + 1,
    });
  });
}

type Appliers = { [K in StoredEventKind]: (payload: StoredEventPayloads[K]) => Promise<unknown> };

const appliers: Appliers = {
  'message.created': (message) => storeMessage(message, true),
  'message.updated': (message) => storeMessage(message, false),
  'messages.deleted': async ({ chat_id, ids, from_seq }) => {
    if (ids) await db.messages.bulkDelete(ids);
    if (from_seq !== undefined) {
      await db.messages
        .where('[chat_id+seq]')
        .between([chat_id, from_seq], [chat_id, Dexie.maxKey], true, true)
        .filter((row) => row.state === 'sent')
        .delete();
    }
  },
  'chat.created': (chat) => db.chats.put({ ...chat, localOnly: false }),
  'chat.updated': ({ chat_id, ...fields }) => db.chats.update(chat_id, fields),
  'chat.deleted': ({ chat_id }) => deleteLocalChat(chat_id),
  'favorite.added': async (favorite) => {
    await db.favorites.put(favorite);
    await recordFavorite(favorite.file_id, true, 1);
  },
  'favorite.removed': async ({ id, file_id }) => {
    await deleteFavorite(id);
    await recordFavorite(file_id, false, -1);
  },
};

/** Makes another device's change to this device's copy, so every screen reading Dexie shows it. */
export function applyEvent(event: StoredEvent): Promise<unknown> {
  return (appliers[event.kind] as (payload: unknown) => Promise<unknown>)(event.payload);
}

/**
 * A piece of a new reply streaming on another device: shown in a streaming row after the chat's
 * newest message, until the stored reply replaces it. A new version or a continuation of a stored
 * reply shows once stored.
 */
export async function applyDelta(delta: ReplyDelta): Promise<void> {
  if (delta.message_id !== null) return;
  const id = `${STREAMING_REPLY_PREFIX}${delta.key}`;
  const known = streaming.get(id);
  if (known) {
    known.text += delta.text;
    setStreamingText(id, known.text);
    return;
  }
  if (!(await holdsMessages(delta.chat_id))) return;
  const reply = { chatId: delta.chat_id, text: delta.text };
  streaming.set(id, reply);
  const [last, chat] = await Promise.all([
    db.messages.where('[chat_id+seq]').between([delta.chat_id, Dexie.minKey], [delta.chat_id, Dexie.maxKey]).last(),
    db.chats.get(delta.chat_id),
  ]);
  const row: LocalMessage = {
    id,
    chat_id: delta.chat_id,
    seq: (last?.seq ?? -1) + 1,
    role: 'assistant',
    // The window leaves out a streaming row without text; the rest of the text shows from setStreamingText.
    content: reply.text,
    name: chat?.character_name ?? '',
    send_date: new Date().toISOString(),
    client_id: null,
    state: 'streaming',
  };
  await db.messages.put(row);
  setStreamingText(id, reply.text);
}
