import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatGetResponse, ChatMessage } from '@core/contract';
import { refusal, seedOf, useOutboxBed } from './outboxServer';

const getChatMessages = vi.fn<(request: unknown) => Promise<ChatGetResponse>>();
vi.mock('../../src/api/chatMessages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatMessages')>()),
  getChatMessages: (request: unknown) => getChatMessages(request),
}));
vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => Promise.resolve({ page: 1, totalPages: 1 }) }));

const { CardchatDb, db } = await import('../../src/db/db');
const { saveServerPage } = await import('../../src/db/chatMessages');
const { UNDO_MS } = await import('../../src/db/messageChanges');
const { flushOutbox } = await import('../../src/sync/outbox');
const { chooseVersion, deleteFromHere, deleteOne, editText, undoChange } = await import('../../src/sync/messageChanges');
const { CHANGE_REFUSED, ChangeNotices } = await import('../../src/features/chat/window/ChangeNotices');

// Only Date: the Undo window is measured against it; the flush's own timers run for real.
const bed = useOutboxBed({ toFake: ['Date'] });

const CHAT = 'chat-1';
const TIME = new Date(Date.UTC(2026, 10, 21, 8)).toISOString();
const stored = (seq: number, role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  chat_id: CHAT,
  seq,
  role,
  content,
  name: role === 'user' ? 'Grace' : 'Ada',
  send_date: TIME,
  client_id: null,
  ...extra,
});
const chatRow = (count: number) => ({
  ...seedOf(CHAT),
  last_message_time: TIME,
  modified: TIME,
  created_at: TIME,
  message_count: count,
  size: 0,
});

/** A chat the server and the device both hold: Hi / Hello / More / Sure. */
async function storedChat(): Promise<ChatMessage[]> {
  const rows = [
    stored(1, 'user', 'Hi'),
    stored(2, 'assistant', 'Hello', { swipes: ['Hello', 'Hey'], swipe_id: 0 }),
    stored(3, 'user', 'More'),
    stored(4, 'assistant', 'Sure'),
  ];
  for (const row of rows) bed.server.messages.set(row.id, row);
  await saveServerPage(chatRow(rows.length), rows, { newest: true });
  return rows;
}

const local = async () =>
  (await db.messages.where('[chat_id+seq]').between([CHAT, Dexie.minKey], [CHAT, Dexie.maxKey]).toArray()).map((m) => m.content);
const row = (id: string) => db.messages.get(id).then((m) => m!);
/** Past every Undo window, then a flush. */
async function flushLater(): Promise<void> {
  vi.setSystemTime(Date.now() + UNDO_MS + 1000);
  await flushOutbox();
}

beforeEach(() => getChatMessages.mockReset());

describe('changes to stored messages, local first', () => {
  it('made offline, an edit and a delete show at once, wait, and reach the server once each, in the order made', async () => {
    await storedChat();
    bed.online = false;
    await editText(await row('m3'), '  More, please  ');
    await deleteOne(await row('m4'));
    expect(await local()).toEqual(['Hi', 'Hello', 'More, please']);
    expect((await db.chats.get(CHAT))!.message_count).toBe(3);
    expect(await db.outbox.count()).toBe(2);
    expect(bed.server.changes).toEqual([]);

    bed.online = true;
    await flushLater();
    expect(bed.server.changes.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', '/api/messages/m3', { content: 'More, please' }],
      ['DELETE', '/api/messages/m4', null],
    ]);
    const keys = bed.server.changes.map((call) => call.key);
    expect(new Set(keys).size).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    await flushLater();
    expect(bed.server.changes).toHaveLength(2);
    expect(await local()).toEqual(['Hi', 'Hello', 'More, please']);
  });

  it('keeps a change on screen when a pull brings the chat as the server still has it', async () => {
    const rows = await storedChat();
    bed.online = false;
    await editText(await row('m1'), 'Hi there');
    await deleteOne(await row('m4'));
    await saveServerPage(chatRow(rows.length), rows, { newest: true });
    expect(await local()).toEqual(['Hi there', 'Hello', 'More']);
  });

  it('chooses a version of a reply on the device as the server will, and sends the choice', async () => {
    await storedChat();
    await chooseVersion(await row('m2'), 1);
    expect(await row('m2')).toMatchObject({ content: 'Hey', swipes: ['Hello', 'Hey'], swipe_id: 1 });
    await vi.waitFor(() => expect(bed.server.changes.map((call) => call.body)).toEqual([{ swipe_id: 1 }]));
  });

  it('Undo within its window puts back what a delete from here took, unsent messages typed after it included, and nothing is sent', async () => {
    await storedChat();
    const typed = await bed.typeOffline(CHAT, 'Typed offline');
    bed.online = false;
    await deleteFromHere(await row('m3'));
    expect(await local()).toEqual(['Hi', 'Hello']);
    expect((await db.outbox.toArray()).map((item) => item.kind)).toEqual(['delete_from']);

    const change = (await db.outbox.toArray())[0]!;
    expect(await undoChange(change.client_id)).toBe(true);
    expect(await local()).toEqual(['Hi', 'Hello', 'More', 'Sure', 'Typed offline']);
    expect((await db.outbox.toArray()).map((item) => item.client_id)).toEqual([typed]);
    expect((await db.chats.get(CHAT))!.message_count).toBe(4);

    bed.online = true;
    await flushLater();
    expect(bed.server.changes).toEqual([]);
    expect(bed.server.stored).toEqual([typed]);
  });

  it('offers no Undo once its window is over, and then deletes on the server from that message on', async () => {
    await storedChat();
    bed.online = false;
    await deleteFromHere(await row('m3'));
    const change = (await db.outbox.toArray())[0]!;
    vi.setSystemTime(Date.now() + UNDO_MS);
    expect(await undoChange(change.client_id)).toBe(false);
    bed.online = true;
    await flushLater();
    expect(bed.server.changes.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/api/messages/delete-from', { chat_id: CHAT, message_id: 'm3' }],
    ]);
    expect([...bed.server.messages.keys()]).toEqual(['m1', 'm2']);
    expect((await db.chats.get(CHAT))!.message_count).toBe(2);
  });

  it('a change the server refuses leaves the outbox, the chat is pulled again to show what the server holds, and the window says why', async () => {
    const rows = await storedChat();
    getChatMessages.mockResolvedValue({
      chat: chatRow(4),
      data: rows,
      total: 4,
      page: 1,
      page_size: 10,
      total_pages: 1,
    } as unknown as ChatGetResponse);
    bed.server.answerChange = () => refusal(400, 'too_long', 'At most 1,000 characters.');
    await editText(await row('m1'), 'Too long, the server says');
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await vi.waitFor(async () => expect(await local()).toEqual(['Hi', 'Hello', 'More', 'Sure']));
    render(<ChangeNotices chatId={CHAT} />);
    expect((await screen.findByRole('alert')).textContent).toContain(`${CHANGE_REFUSED} At most 1,000 characters.`);
  });
});

describe('Dexie version 6', () => {
  it('marks the messages version 5 had queued as messages', async () => {
    const old = new Dexie('upgrade-5-to-6');
    old.version(5).stores({ outbox: 'client_id, [chat_id+created_at], created_at' });
    await old
      .table('outbox')
      .add({ client_id: 'c1', chat_id: CHAT, created_at: TIME, request: { chat_id: CHAT }, attempts: 0, last_error: null });
    old.close();
    const upgraded = new CardchatDb('upgrade-5-to-6');
    expect(await upgraded.outbox.toArray()).toEqual([expect.objectContaining({ client_id: 'c1', kind: 'message' })]);
    expect(await upgraded.outbox.where('kind').equals('message').count()).toBe(1);
    upgraded.close();
  });
});
