import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, RecentChat, StoredEvent } from '@core/contract';

const { db } = await import('../../src/db/db');
const { applyDelta, applyEvent } = await import('../../src/sync/live/applyEvent');
const { readServerSentEvents } = await import('../../src/sync/live/serverSentEvents');
const { streamingText } = await import('../../src/sync/send/streamingText');

const CHAT = 'chat-live';
const time = new Date(2026, 10, 28, 7).toISOString();
const chat: RecentChat = {
  chat_id: CHAT,
  character_name: 'Ada',
  character_id: 'card-1',
  filename: 'Ada.jsonl',
  card_type: 'public',
  avatar_url: null,
  last_message_time: time,
  modified: time,
  created_at: time,
  message_count: 1,
  size: 5,
  persona_id: null,
  title: null,
  last_message: 'Hello',
  branch_of: null,
  branch_of_name: null,
};
const message = (seq: number, role: 'user' | 'assistant', content: string): ChatMessage => ({
  id: `m${seq}`,
  chat_id: CHAT,
  seq,
  role,
  content,
  name: role === 'user' ? 'Me' : 'Ada',
  send_date: time,
  client_id: null,
});
let nextId = 1;
const event = <K extends StoredEvent['kind']>(kind: K, payload: StoredEvent<K>['payload']): StoredEvent =>
  ({ id: nextId++, kind, payload, origin: 'other-device' }) as StoredEvent;

function body(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  // Split mid-block, as a network does.
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, 17));
      controller.enqueue(bytes.slice(17));
      controller.close();
    },
  });
}

describe('the live stream on the device', () => {
  beforeEach(async () => {
    await db.messages.clear();
    await db.chats.clear();
    await db.chats.put(chat);
    await db.messages.put({ ...message(0, 'user', 'Hello'), state: 'sent' });
  });

  it('reads events split across chunks, skipping heartbeats but hearing every chunk', async () => {
    const read = [];
    let chunks = 0;
    for await (const e of readServerSentEvents(
      body(': ping\n\nid: 4\nevent: ready\ndata: {}\n\nevent: reply.delta\ndata: {"text":"Hi"}\n\n'),
      () => (chunks += 1),
    ))
      read.push(e);
    expect(read).toEqual([
      { id: '4', event: 'ready', data: '{}' },
      { id: undefined, event: 'reply.delta', data: '{"text":"Hi"}' },
    ]);
    expect(chunks).toBe(2);
  });

  it('shows a reply streaming elsewhere, then the stored reply in its place', async () => {
    await applyDelta({ chat_id: CHAT, key: 'k1', message_id: null, text: 'Once ', origin: 'other-device' });
    await applyDelta({ chat_id: CHAT, key: 'k1', message_id: null, text: 'upon', origin: 'other-device' });
    const row = await db.messages.get('reply-k1');
    expect(row).toMatchObject({ state: 'streaming', seq: 1, name: 'Ada' });
    expect(streamingText('reply-k1')).toBe('Once upon');
    await applyEvent(event('message.created', message(1, 'assistant', 'Once upon a time.')));
    expect(await db.messages.get('reply-k1')).toBeUndefined();
    expect(await db.messages.get('m1')).toMatchObject({ content: 'Once upon a time.', state: 'sent' });
    expect(await db.chats.get(CHAT)).toMatchObject({ message_count: 2, last_message: 'Once upon a time.' });
  });

  it('edits, deletes, renames and removes as the other device did', async () => {
    await applyEvent(event('message.updated', { ...message(0, 'user', 'Hello, edited') }));
    expect((await db.messages.get('m0'))!.content).toBe('Hello, edited');
    await applyEvent(event('chat.updated', { chat_id: CHAT, title: 'Renamed' }));
    expect((await db.chats.get(CHAT))!.title).toBe('Renamed');
    await applyEvent(event('messages.deleted', { chat_id: CHAT, from_seq: 0 }));
    expect(await db.messages.count()).toBe(0);
    await applyEvent(event('chat.deleted', { chat_id: CHAT }));
    expect(await db.chats.get(CHAT)).toBeUndefined();
  });

  it('leaves the messages of a chat this device never opened to the pull that opens it', async () => {
    await applyEvent(event('message.created', { ...message(0, 'user', 'Elsewhere'), chat_id: 'unseen', id: 'x0' }));
    await applyDelta({ chat_id: 'unseen', key: 'k2', message_id: null, text: 'Hi', origin: null });
    expect(await db.messages.where('chat_id').equals('unseen').count()).toBe(0);
  });
});
