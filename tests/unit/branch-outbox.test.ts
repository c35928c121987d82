/**
 * 'Branch from here' on the device: the new chat (history up to the message, versions and persona
 * kept) is there at once, offline too; the outbox makes it on the server exactly once, before what was
 * written in it, and the server's rows then take the place of the device's copies.
 */
import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatGetResponse, ChatMessage, RecentChat } from '@core/contract';
import { seedOf, useOutboxBed } from './outboxServer';

const getChatMessages = vi.fn<(request: { chat_id: string }) => Promise<ChatGetResponse>>();
vi.mock('../../src/api/chatMessages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatMessages')>()),
  getChatMessages: (request: { chat_id: string }) => getChatMessages(request),
}));
vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => Promise.resolve({ page: 1, totalPages: 1 }) }));

const { db } = await import('../../src/db/db');
const { saveServerPage, BRANCH_COPY_PREFIX } = await import('../../src/db/chatMessages');
const { flushOutbox } = await import('../../src/sync/send/flush');
const { branchFrom } = await import('../../src/sync/send/branch');
const { useChangeRefusal } = await import('../../src/sync/send/changeDelivery');

const bed = useOutboxBed({ toFake: ['Date'] });

const CHAT = 'chat-1';
const TIME = new Date(Date.UTC(2026, 10, 21, 8)).toISOString();
const stored = (
  chatId: string,
  seq: number,
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id: `${chatId}-m${seq}`,
  chat_id: chatId,
  seq,
  role,
  content,
  name: role === 'user' ? 'Grace' : 'Ada',
  send_date: TIME,
  client_id: null,
  ...extra,
});
const chatRow = (chatId: string, count: number, extra: Partial<RecentChat> = {}): RecentChat => ({
  ...seedOf(chatId),
  last_message_time: TIME,
  modified: TIME,
  created_at: TIME,
  message_count: count,
  size: 0,
  persona_id: 'persona-1',
  ...extra,
});
const history = (chatId: string) => [
  stored(chatId, 1, 'user', 'Hi'),
  stored(chatId, 2, 'assistant', 'Hello', { swipes: ['Hello', 'Hey'], swipe_id: 0, stopped_swipe: 1 }),
  stored(chatId, 3, 'user', 'More'),
  stored(chatId, 4, 'assistant', 'Sure'),
];
const rowsOf = (chatId: string) => db.messages.where('[chat_id+seq]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey]).toArray();

/** The order in which requests reached the fake server: branches made and messages sent. */
let order: string[] = [];

beforeEach(async () => {
  order = [];
  getChatMessages.mockReset();
  await db.chatPersonas.clear();
  await saveServerPage(chatRow(CHAT, 4), history(CHAT), { newest: true });
  await db.chatPersonas.put({ chat_id: CHAT, persona_id: 'persona-1', pending: false });
  bed.server.answerChange = (call) => {
    if (!call.path.endsWith('/branches')) return undefined;
    const body = call.body as unknown as { id: string; message_id: string; title: string };
    order.push(`branch ${body.id}`);
    const chat = chatRow(body.id, 2, { title: body.title, branch_of: CHAT, branch_of_name: 'Ada' });
    getChatMessages.mockResolvedValue({
      success: true,
      data: history(body.id).slice(0, 2),
      chat,
      page: 1,
      page_size: 100,
      total: 2,
      total_pages: 1,
      has_before: false,
      has_after: false,
    });
    return new Response(JSON.stringify(chat), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  bed.server.answer = (call) => void order.push(`message ${call.chatId} ${call.content}`);
});

describe('branch from here, local first', () => {
  it('made offline, opens at once with the history up to the message, its versions and persona', async () => {
    bed.online = false;
    const id = await branchFrom((await db.messages.get(`${CHAT}-m2`))!);
    expect(await db.chats.get(id)).toMatchObject({
      chat_id: id,
      title: 'Ada (branch 1)',
      branch_of: CHAT,
      branch_of_name: 'Ada',
      persona_id: 'persona-1',
      message_count: 2,
      last_message: 'Hello',
      localOnly: true,
    });
    const copies = await rowsOf(id);
    expect(copies.map(({ seq, content, swipes, swipe_id, stopped_swipe }) => ({ seq, content, swipes, swipe_id, stopped_swipe }))).toEqual([
      { seq: 1, content: 'Hi', swipes: undefined, swipe_id: undefined, stopped_swipe: undefined },
      { seq: 2, content: 'Hello', swipes: ['Hello', 'Hey'], swipe_id: 0, stopped_swipe: 1 },
    ]);
    expect(copies.every((row) => row.id.startsWith(BRANCH_COPY_PREFIX) && row.state === 'sent')).toBe(true);
    expect(await db.chatPersonas.get(id)).toEqual({ chat_id: id, persona_id: 'persona-1', pending: false });
    expect((await rowsOf(CHAT)).map((row) => row.content)).toEqual(['Hi', 'Hello', 'More', 'Sure']);
    // A second branch of the same chat takes the next number.
    bed.online = false;
    const second = await branchFrom((await db.messages.get(`${CHAT}-m4`))!);
    expect((await db.chats.get(second))!.title).toBe('Ada (branch 2)');
    expect(bed.server.changes).toEqual([]);
  });

  it('is made on the server once, before what was written in it, and takes the server rows', async () => {
    bed.online = false;
    const id = await branchFrom((await db.messages.get(`${CHAT}-m2`))!);
    await bed.typeOffline(id, 'Another road');
    expect((await rowsOf(id)).map((row) => row.content)).toEqual(['Hi', 'Hello', 'Another road']);

    await flushOutbox();
    expect(order).toEqual([`branch ${id}`, `message ${id} Another road`]);
    const made = bed.server.changes.find((call) => call.path.endsWith('/branches'))!;
    expect(made).toMatchObject({ method: 'POST', path: `/api/chats/${CHAT}/branches` });
    expect(made.body).toEqual({ id, message_id: `${CHAT}-m2`, title: 'Ada (branch 1)' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chats.get(id)).toMatchObject({ localOnly: false, branch_of: CHAT, title: 'Ada (branch 1)' });
    const rows = await rowsOf(id);
    expect(rows.some((row) => row.id.startsWith(BRANCH_COPY_PREFIX))).toBe(false);
    // The fake server numbers its replies from 1 in any chat: only the ids are compared.
    expect(rows.map((row) => row.id).filter((rowId) => rowId.startsWith(id))).toEqual([`${id}-m1`, `${id}-m2`]);
    expect(rows.filter((row) => row.state === 'sent' && row.content === 'Another road')).toHaveLength(1);

    await flushOutbox();
    expect(order).toHaveLength(2);
  });

  it('refused (its original deleted meanwhile), stays on the device and the window says why', async () => {
    bed.online = false;
    const id = await branchFrom((await db.messages.get(`${CHAT}-m2`))!);
    bed.server.answerChange = () => new Response(JSON.stringify({ error: 'not_found', message: 'Chat not found' }), { status: 404 });
    getChatMessages.mockRejectedValue(new Error('not there'));
    bed.online = true;
    await flushOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chats.get(id)).toMatchObject({ localOnly: true, title: 'Ada (branch 1)' });
    expect((await rowsOf(id)).map((row) => row.content)).toEqual(['Hi', 'Hello']);
    expect(renderHook(() => useChangeRefusal(id)).result.current).toBe('Chat not found');
  });
});
