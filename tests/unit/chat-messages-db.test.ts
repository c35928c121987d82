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
const { markFailed, saveServerPage, windowMessages, writePendingMessage } = await import('../../src/db/chatMessages');
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

/** The server's paging: page 1 newest, before_seq the 10 just before it; each page oldest first. */
function serverPage(request: Record<string, unknown>): ChatGetResponse {
  const before = typeof request.before_seq === 'number' ? request.before_seq : Infinity;
  const data = all.filter((m) => m.seq < before).slice(-10);
  return { success: true, data, chat, page: 1, page_size: 10, total: all.length, total_pages: 3 };
}

const seqs = (messages: { seq: number }[]) => messages.map((m) => m.seq);

beforeEach(async () => {
  await db.messages.clear();
  await db.chats.clear();
  getChatMessages.mockReset();
  getChatMessages.mockImplementation((request) => Promise.resolve(serverPage(request)));
});

describe('message pages', () => {
  it('pulls the newest 10 first, then the 10 before them by seq, while the server has older ones', async () => {
    const first = await pullNewestMessages(CHAT);
    expect(first).toEqual({ floorSeq: 21, hasOlder: true });
    expect(seqs(await windowMessages(CHAT, first.floorSeq, 10))).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);

    const second = await pullOlderMessages(CHAT, 21);
    expect(getChatMessages).toHaveBeenLastCalledWith(expect.objectContaining({ chat_id: CHAT, before_seq: 21 }));
    expect(second).toEqual({ floorSeq: 11, hasOlder: true });
    expect(await windowMessages(CHAT, second.floorSeq, 10)).toHaveLength(20);

    expect(await pullOlderMessages(CHAT, 11)).toEqual({ floorSeq: 1, hasOlder: false });
    expect(await pullOlderMessages(CHAT, 1)).toEqual({ floorSeq: 1, hasOlder: false });
  });

  it('shows the newest 10 the device holds before the server has answered', async () => {
    await saveServerPage(chat, all.slice(0, 25), { newest: true });
    expect(seqs(await windowMessages(CHAT, null, 10))).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
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
    const rows = await windowMessages(CHAT, 21, 10);
    expect(rows.map((m) => m.id)).toEqual(['m21', 'm22', 'm23', 'm24', 'm25', 'm26', 'm27', 'm28', 'm29b', 'm30', failed.id]);
    expect(rows.at(-1)).toMatchObject({ state: 'failed', content: 'failed one' });
  });
});
