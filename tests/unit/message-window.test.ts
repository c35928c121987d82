/**
 * The chat window's windowing: a bounded window of pages read from the device one page at
 * a time, the server pulled a stretch ahead, both ways, from the newest message or a found one.
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatGetResponse, ChatMessage, RecentChat } from '@core/contract';
import type { LocalMessage } from '../../src/db/db';

const getChatMessages = vi.fn<(request: Record<string, unknown>) => Promise<ChatGetResponse>>();
vi.mock('../../src/api/chatMessages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatMessages')>()),
  getChatMessages: (request: Record<string, unknown>) => getChatMessages(request),
}));

const { db } = await import('../../src/db/db');
const { MAX_WINDOW_ROWS, WINDOW_PAGE, splitOpenPage, trimmed, knownWithOlder, knownFromNewest } =
  await import('../../src/features/chat/window/messageWindow');
const { useChatMessages } = await import('../../src/features/chat/window/useChatMessages');

const CHAT = 'long-chat';
const LENGTH = 1_000;
const time = new Date(2026, 0, 5).toISOString();
const chat: RecentChat = {
  chat_id: CHAT,
  character_name: 'Ada',
  character_id: null,
  filename: 'Ada.jsonl',
  card_type: 'public',
  avatar_url: null,
  last_message_time: time,
  modified: time,
  created_at: time,
  message_count: LENGTH,
  size: 0,
};
const all: ChatMessage[] = Array.from({ length: LENGTH }, (_, seq) => ({
  id: `m${seq}`,
  chat_id: CHAT,
  seq,
  role: seq % 2 ? 'assistant' : 'user',
  content: `Line ${seq}`,
  name: seq % 2 ? 'Ada' : 'Grace',
  send_date: time,
  client_id: null,
}));

/** The server's pages: page 1 newest, before/after/around a seq; each oldest first. */
function serverPage(request: Record<string, unknown>): ChatGetResponse {
  const size = typeof request.page_size === 'number' ? request.page_size : 10;
  let data: ChatMessage[];
  if (typeof request.before_seq === 'number') data = all.filter((m) => m.seq < (request.before_seq as number)).slice(-size);
  else if (typeof request.after_seq === 'number') data = all.filter((m) => m.seq > (request.after_seq as number)).slice(0, size);
  else if (typeof request.around_seq === 'number') {
    const around = request.around_seq;
    data = all.slice(Math.max(0, around - size / 2), Math.max(0, around - size / 2) + size);
  } else data = all.slice(-size);
  const first = data[0]?.seq ?? 0;
  const last = data.at(-1)?.seq ?? 0;
  return {
    success: true,
    data,
    chat,
    page: 1,
    page_size: size,
    total: LENGTH,
    total_pages: Math.ceil(LENGTH / size),
    has_before: data.length > 0 && first > 0,
    has_after: data.length > 0 && last < LENGTH - 1,
  };
}

const seqs = (rows: LocalMessage[] | undefined) => rows?.map((row) => row.seq) ?? [];
const page = (from: number, to: number | null, count: number) => ({
  from,
  to,
  rows: Array.from({ length: count }, (_, i) => ({ ...all[from + i]!, state: 'sent' as const })),
});

beforeEach(async () => {
  await db.messages.clear();
  await db.chats.clear();
  getChatMessages.mockReset();
  getChatMessages.mockImplementation((request) => Promise.resolve(serverPage(request)));
});

describe('the window of pages', () => {
  it('drops pages at the far end once past its bound, never the page added or its neighbour', () => {
    const pages = Array.from({ length: 12 }, (_, i) => page(i * 25, (i + 1) * 25, 25));
    const size = (p: { rows: unknown[] }) => p.rows.length;
    const top = trimmed(pages, size, 'top');
    expect(top.reduce((sum, p) => sum + size(p), 0)).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    expect(top[0]).toBe(pages[0]);
    const bottom = trimmed(pages, size, 'bottom');
    expect(bottom.at(-1)).toBe(pages.at(-1));
    expect(bottom.reduce((sum, p) => sum + size(p), 0)).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    // Two huge pages: both stay (the reader is in one of them).
    expect(trimmed([page(0, 300, 300), page(300, 600, 300)], size, 'top')).toHaveLength(2);
  });

  it('cuts the open page in two once it grows long, so its older part can go like any page', () => {
    const open = page(0, null, 3 * WINDOW_PAGE);
    const [older, newer] = splitOpenPage(open, open.rows);
    expect(older).toMatchObject({ from: 0, to: 2 * WINDOW_PAGE });
    expect(newer).toMatchObject({ from: 2 * WINDOW_PAGE, to: null });
    expect(splitOpenPage(page(0, null, WINDOW_PAGE), page(0, null, WINDOW_PAGE).rows)).toHaveLength(1);
  });

  it('knows where the chat starts from what the server said', () => {
    const known = knownFromNewest({ first: 990, last: 999, hasBefore: true, hasAfter: false });
    expect(known).toEqual({ from: 990, to: Infinity, start: false, end: true });
    expect(knownWithOlder(known, { first: 890, last: 989, hasBefore: true, hasAfter: true })).toMatchObject({ from: 890, start: false });
    expect(knownWithOlder(known, { first: null, last: null, hasBefore: false, hasAfter: false })).toMatchObject({ from: 990, start: true });
  });
});

describe('a 1,000-message chat in the window', () => {
  it('reads from the newest to the first message a page at a time, bounded, pulling ahead, and back down', async () => {
    const { result } = renderHook(() => useChatMessages(CHAT, { onServer: true }));
    await waitFor(() => expect(result.current.phase).toBe('ready'));
    await waitFor(() => expect(seqs(result.current.messages).at(-1)).toBe(LENGTH - 1));
    expect(result.current).toMatchObject({ atNewest: true, hasOlder: true });

    let largest = 0;
    for (let step = 0; step < 200 && result.current.hasOlder; step++) {
      const before = seqs(result.current.messages)[0];
      await act(async () => result.current.loadOlder());
      await waitFor(() => expect(seqs(result.current.messages)[0] !== before || !result.current.hasOlder).toBe(true));
      largest = Math.max(largest, result.current.messages!.length);
      if (seqs(result.current.messages)[0] === before) break;
    }
    const shown = seqs(result.current.messages);
    expect(shown[0]).toBe(0);
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, i) => i));
    expect(largest).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    expect(result.current.atNewest).toBe(false);
    await waitFor(() => expect(result.current.hasOlder).toBe(false));
    // Page 1, then a stretch of 100 at a time ahead of the reader: about ten calls, not a hundred.
    expect(getChatMessages.mock.calls.length).toBeLessThanOrEqual(12);

    for (let step = 0; step < 100 && !result.current.atNewest; step++) {
      const before = seqs(result.current.messages).at(-1);
      await act(async () => result.current.loadNewer());
      await waitFor(() => expect(seqs(result.current.messages).at(-1) !== before || result.current.atNewest).toBe(true));
      expect(result.current.messages!.length).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    }
    expect(result.current.atNewest).toBe(true);
    expect(seqs(result.current.messages).at(-1)).toBe(LENGTH - 1);
  });

  it('opens at a found message with history on both sides, reads on down to the newest, and jumps there', async () => {
    const { result } = renderHook(() => useChatMessages(CHAT, { onServer: true, at: 500 }));
    await waitFor(() => expect(seqs(result.current.messages)).toContain(500));
    expect(getChatMessages).toHaveBeenCalledWith(expect.objectContaining({ chat_id: CHAT, around_seq: 500 }));
    expect(result.current).toMatchObject({ atNewest: false, hasOlder: true });

    await act(async () => result.current.loadNewer());
    await waitFor(() => expect(seqs(result.current.messages).at(-1)).toBeGreaterThan(525));
    expect(getChatMessages).toHaveBeenCalledWith(expect.objectContaining({ after_seq: expect.any(Number) }));

    act(() => result.current.toNewest());
    await waitFor(() => expect(result.current.atNewest).toBe(true));
    expect(seqs(result.current.messages).at(-1)).toBe(LENGTH - 1);
  });

  it("offline, reads the device's copy the same way and says where it ends", async () => {
    await db.messages.bulkPut(all.slice(900).map((m) => ({ ...m, state: 'sent' as const })));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { result } = renderHook(() => useChatMessages(CHAT, { onServer: true }));
      await waitFor(() => expect(result.current.phase).toBe('saved'));
      await waitFor(() => expect(seqs(result.current.messages).at(-1)).toBe(LENGTH - 1));
      for (let step = 0; step < 10 && seqs(result.current.messages)[0] !== 900; step++) {
        const before = seqs(result.current.messages)[0];
        await act(async () => result.current.loadOlder());
        await waitFor(() => expect(seqs(result.current.messages)[0]).not.toBe(before));
      }
      expect(seqs(result.current.messages)[0]).toBe(900);
      await waitFor(() => expect(result.current.hasOlder).toBe(false));
      expect(getChatMessages).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
