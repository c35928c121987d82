import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedOf } from './outboxServer';
import type { ChatGetResponse, ChatMessage, RecentChat } from '@core/contract';

const getChatMessages = vi.fn<(request: Record<string, unknown>) => Promise<ChatGetResponse>>();
vi.mock('../../src/api/chatMessages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatMessages')>()),
  getChatMessages: (request: Record<string, unknown>) => getChatMessages(request),
}));

const { db } = await import('../../src/db/db');
const { newestRows, pageRows, saveServerPage } = await import('../../src/db/chatMessages');
const { writePendingMessage } = await import('../../src/sync/send/write');
const { markFailed } = await import('../../src/sync/send/settle');
const { pullNewestMessages, pullOlderMessages } = await import('../../src/sync/chatMessages');

const CHAT = 'chat-30';
const time = new Date(2026, 10, 21, 9).toISOString();
const chat: RecentChat = {
  chat_id: CHAT,
  character_name: 'Ada',
  character_id: 'card-1',
  filename: 'ada.png',
  card_type: 'public',
  avatar_url: null,
  last_message_time: time,
  modified: time,
  created_at: time,
  message_count: 30,
  size: 0,
};

/** Messages 1..30 as the server holds them. */
const all: ChatMessage[] = Array.from({ length: 30 }, (_, i) => ({
  id: `m${i + 1}`,
  chat_id: CHAT,
  seq: i + 1,
  role: i % 2 === 0 ? 'user' : 'assistant',
  content: `message ${i + 1}`,
  name: i % 2 === 0 ? 'Grace' : 'Ada',
  send_date: time,
  client_id: i % 2 === 0 ? `client-${i + 1}` : null,
}));

/** The server's paging: page 1 newest, before_seq the page just before it; each page oldest first. */
function serverPage(request: Record<string, unknown>): ChatGetResponse {
  const before = typeof request.before_seq === 'number' ? request.before_seq : Infinity;
  const size = typeof request.page_size === 'number' ? request.page_size : 10;
  const data = all.filter((m) => m.seq < before).slice(-size);
  const first = data[0]?.seq;
  const last = data.at(-1)?.seq;
  return {
    success: true,
    data,
    chat,
    page: 1,
    page_size: size,
    total: all.length,
    total_pages: 3,
    has_before: first !== undefined && all.some((m) => m.seq < first),
    has_after: last !== undefined && all.some((m) => m.seq > last),
  };
}

const seqs = (messages: { seq: number }[]) => messages.map((m) => m.seq);

beforeEach(async () => {
  await db.messages.clear();
  await db.chats.clear();
  getChatMessages.mockReset();
  getChatMessages.mockImplementation((request) => Promise.resolve(serverPage(request)));
});

describe('message pages', () => {
  it('pulls the newest 10 first, then the page before them by seq, while the server has older ones', async () => {
    const first = await pullNewestMessages(CHAT);
    expect(first).toEqual({ first: 21, last: 30, hasBefore: true, hasAfter: false });
    expect(seqs(await pageRows(CHAT, 21, null))).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);

    const second = await pullOlderMessages(CHAT, 21, 10);
    expect(getChatMessages).toHaveBeenLastCalledWith(expect.objectContaining({ chat_id: CHAT, before_seq: 21, page_size: 10 }));
    expect(second).toEqual({ first: 11, last: 20, hasBefore: true, hasAfter: true });
    expect(await pageRows(CHAT, 11, null)).toHaveLength(20);

    expect(await pullOlderMessages(CHAT, 11, 10)).toMatchObject({ first: 1, hasBefore: false });
    expect(await pullOlderMessages(CHAT, 1, 10)).toEqual({ first: null, last: null, hasBefore: false, hasAfter: false });
  });

  it('shows the newest 10 the device holds before the server has answered', async () => {
    await saveServerPage(chat, all.slice(0, 25), { newest: true });
    expect(seqs(await newestRows(CHAT, 10))).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
  });

  it('lets a pending copy give way to the stored message, keeps a failed one for its Retry, and drops what the server no longer has', async () => {
    await saveServerPage(chat, all.slice(20, 29), { newest: true });
    const seed = seedOf(CHAT);
    const pending = await writePendingMessage(seed, { clientId: 'client-30x', content: 'pending one', name: 'Grace', sendDate: time });
    const failed = await writePendingMessage(seed, { clientId: 'client-31x', content: 'failed one', name: 'Grace', sendDate: time });
    await markFailed(failed.id, 'The AI service is unavailable.');
    expect(pending.seq).toBe(30);

    // The server now has both messages, and message 29 was regenerated into 29b.
    const fromServer = [
      ...all.slice(20, 28),
      { ...all[28]!, id: 'm29b' },
      { ...all[29]!, client_id: 'client-30x' },
      { ...all[29]!, id: 'm31', seq: 31, client_id: 'client-31x', content: 'failed one' },
    ];
    await saveServerPage(chat, fromServer, { newest: true });
    const rows = await pageRows(CHAT, 21, null);
    expect(rows.map((m) => m.id)).toEqual(['m21', 'm22', 'm23', 'm24', 'm25', 'm26', 'm27', 'm28', 'm29b', 'm30', failed.id]);
    expect(rows.at(-1)).toMatchObject({ state: 'failed', content: 'failed one' });
  });

  it('lets a failed copy give way once the chat has gone on past it (a reply stored late, a message sent after it)', async () => {
    await saveServerPage(chat, all.slice(20, 28), { newest: true });
    const failed = await writePendingMessage(seedOf(CHAT), { clientId: 'client-29x', content: 'timed out', name: 'Grace', sendDate: time });
    await markFailed(failed.id, 'The AI service took too long to answer. Please try again.');
    const user = { ...all[28]!, client_id: 'client-29x', content: 'timed out' };
    // Only the message is on the server: the copy keeps its Retry.
    await saveServerPage(chat, [...all.slice(20, 28), user], { newest: true });
    expect((await pageRows(CHAT, 21, null)).at(-1)).toMatchObject({ id: failed.id, state: 'failed' });
    // The server holds its reply now: the copy gives way, no 'No reply' is left behind.
    await saveServerPage(chat, [...all.slice(20, 28), user, all[29]!], { newest: true });
    const rows = await pageRows(CHAT, 21, null);
    expect(rows.map((m) => [m.id, m.state])).toEqual([...all.slice(20, 30).map((m) => [m.id, 'sent'])]);
  });
});
