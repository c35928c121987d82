import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedOf } from './outboxServer';
import type { ChatGetResponse, ChatMessage, CompletionResult, RecentChat } from '@core/contract';

const getChatMessages = vi.fn<(request: unknown) => Promise<ChatGetResponse>>();
const storedCompletion = vi.fn<(key: string) => Promise<CompletionResult>>();
vi.mock('../../src/api/chatMessages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatMessages')>()),
  getChatMessages: (request: unknown) => getChatMessages(request),
  storedCompletion: (key: string) => storedCompletion(key),
}));
const pullChatList = vi.fn(() => Promise.resolve({ page: 1, totalPages: 1 }));
vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => pullChatList() }));

const { db } = await import('../../src/db/db');
const { ApiError } = await import('../../src/api/errors');
type LocalMessage = import('../../src/db/db').LocalMessage;
const { STOPPED_REASON, saveServerPage } = await import('../../src/db/chatMessages');
const { continueReply, regenerateReply, retryMessage, sendMessage } = await import('../../src/sync/send/actions');
const { STOPPED_BEFORE_SAVED } = await import('../../src/sync/send/stop');
const { REPLY_SAVE_INTERVAL_MS } = await import('../../src/sync/send/replyWriter');
const { streamingText } = await import('../../src/sync/send/streamingText');

const CHAT = 'chat-1';
const seed = seedOf(CHAT);
const encoder = new TextEncoder();

function stored(extra: Partial<ChatMessage> & Pick<ChatMessage, 'seq' | 'role' | 'content'>): ChatMessage {
  return {
    id: `m-${extra.seq}-${extra.role}`,
    chat_id: CHAT,
    name: extra.role === 'user' ? 'Grace' : 'Ada',
    send_date: new Date(2026, 10, 21, 9, extra.seq).toISOString(),
    client_id: null,
    ...extra,
  };
}

function recentChat(): RecentChat {
  const time = new Date(2026, 10, 21, 9).toISOString();
  return {
    chat_id: CHAT,
    character_name: 'Ada',
    character_id: 'card-1',
    filename: 'ada.png',
    card_type: 'public',
    avatar_url: null,
    last_message_time: time,
    modified: time,
    created_at: time,
    message_count: 0,
    size: 0,
  };
}

function result(reply: ChatMessage, user: ChatMessage | null, greeting: ChatMessage | null = null): CompletionResult {
  return {
    message: reply.content,
    content: reply.content,
    choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
    chat_id: CHAT,
    greeting,
    user_message: user,
    reply,
  };
}

const chunk = (text: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text } }] })}\n\n`;
const storedEvent = (value: CompletionResult) => `event: stored\ndata: ${JSON.stringify(value)}\n\ndata: [DONE]\n\n`;

/** A streaming answer the test feeds piece by piece; aborting the request errors it, as a browser does. */
function streamingAnswer(signal: AbortSignal | undefined) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Call = { headers: Record<string, string>; body: Record<string, unknown>; signal: AbortSignal | undefined };
let calls: Call[];
let answer: (call: Call) => Response | Promise<Response>;

beforeEach(async () => {
  await db.messages.clear();
  await db.chats.clear();
  calls = [];
  getChatMessages.mockReset();
  storedCompletion.mockReset();
  storedCompletion.mockRejectedValue(new ApiError('No reply was stored for this request.', 404, 'not_found'));
  pullChatList.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const call = {
        headers: init.headers as Record<string, string>,
        body: JSON.parse(init.body as string) as Record<string, unknown>,
        signal: init.signal ?? undefined,
      };
      calls.push(call);
      return Promise.resolve(answer(call));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const rows = () => db.messages.orderBy('[chat_id+seq]').toArray();

describe('sending a message', () => {
  it('writes it as pending before the request, streams the reply into Dexie, then swaps in what the server stored', async () => {
    let feed!: ReturnType<typeof streamingAnswer>;
    let respond!: (response: Response) => void;
    // What happened, in order: each message row Dexie is asked to create, and the request going out.
    const order: string[] = [];
    const created = (_key: unknown, row: LocalMessage) => void order.push(`${row.state} row`);
    db.messages.hook('creating', created);
    answer = (call) => {
      order.push('request');
      feed = streamingAnswer(call.signal);
      return new Promise((resolve) => (respond = resolve));
    };
    const sending = sendMessage({ seed, content: 'Hello', userName: 'Grace', greetingIndex: 1, signal: new AbortController().signal });

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    db.messages.hook('creating').unsubscribe(created);
    expect(order).toEqual(['pending row', 'request']);
    const [pending] = await rows();
    expect(pending).toMatchObject({ role: 'user', content: 'Hello', state: 'pending', client_id: pending!.id });
    expect((await db.chats.get(CHAT))?.localOnly).toBe(true);
    expect(calls[0]!.headers['Idempotency-Key']).toBe(pending!.id);
    expect(calls[0]!.body).toMatchObject({
      chat_id: CHAT,
      character_id: 'card-1',
      stream: true,
      greeting_index: 1,
      messages: [{ role: 'user', content: 'Hello' }],
    });

    respond(feed.response);
    feed.push(chunk('Hel'));
    // The first piece writes the reply's row at once (it replaces the typing dots)...
    await vi.waitFor(async () => expect((await rows()).find((row) => row.state === 'streaming')?.content).toBe('Hel'));
    const replyId = (await rows()).find((row) => row.state === 'streaming')!.id;
    feed.push(chunk('lo there'));
    // ...later ones reach the window from memory at once, and Dexie within the save interval.
    await vi.waitFor(() => expect(streamingText(replyId)).toBe('Hello there'));
    expect((await db.messages.get(replyId))?.content).toBe('Hel');
    await vi.waitFor(async () => expect((await db.messages.get(replyId))?.content).toBe('Hello there'), {
      timeout: REPLY_SAVE_INTERVAL_MS + 1000,
    });

    const greeting = stored({ seq: 1, role: 'assistant', content: 'Hi, I am Ada.' });
    const user = stored({ seq: 2, role: 'user', content: 'Hello', client_id: pending!.id });
    const reply = stored({ seq: 3, role: 'assistant', content: 'Hello there' });
    feed.push(storedEvent(result(reply, user, greeting)));
    feed.end();

    expect(await sending).toEqual({ kind: 'stored' });
    expect(streamingText(replyId)).toBeUndefined();
    expect((await rows()).map((row) => [row.id, row.state])).toEqual([
      [greeting.id, 'sent'],
      [user.id, 'sent'],
      [reply.id, 'sent'],
    ]);
    // The chat's row in the recent list follows from the answer: no list is fetched per reply.
    expect(await db.chats.get(CHAT)).toMatchObject({ localOnly: false, message_count: 3, last_message_time: reply.send_date });
    expect(pullChatList).not.toHaveBeenCalled();
  });

  it('takes who the user is in the chat from the request its answer settles, as the server keeps it', async () => {
    await saveServerPage(recentChat(), [], { newest: true });
    answer = (call) => {
      const feed = streamingAnswer(call.signal);
      const key = call.headers['Idempotency-Key']!;
      feed.push(
        storedEvent(
          result(stored({ seq: 2, role: 'assistant', content: 'Hi.' }), stored({ seq: 1, role: 'user', content: 'Hi', client_id: key })),
        ),
      );
      feed.end();
      return feed.response;
    };
    const outcome = await sendMessage({
      seed,
      content: 'Hi',
      userName: 'Ann',
      personaId: 'persona-1',
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ kind: 'stored' });
    expect(calls[0]!.body).toMatchObject({ persona_id: 'persona-1' });
    expect(await db.chats.get(CHAT)).toMatchObject({ persona_id: 'persona-1', message_count: 2 });
    expect(pullChatList).not.toHaveBeenCalled();
  });

  it("marks the message failed with the server's reason, and Retry sends it again under the same key", async () => {
    answer = () =>
      new Response(JSON.stringify({ error: 'ai_unavailable', message: 'The AI service is unavailable.' }), {
        status: 502,
        headers: { 'content-type': 'application/json' },
      });
    const outcome = await sendMessage({ seed, content: 'Hello', userName: 'Grace', signal: new AbortController().signal });

    expect(outcome).toEqual({ kind: 'failed', reason: 'The AI service is unavailable.' });
    const [failed, ...others] = await rows();
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ state: 'failed', error: 'The AI service is unavailable.', content: 'Hello' });

    const user = stored({ seq: 1, role: 'user', content: 'Hello', client_id: failed!.id });
    const reply = stored({ seq: 2, role: 'assistant', content: 'Welcome back.' });
    answer = (call) => {
      const feed = streamingAnswer(call.signal);
      feed.push(chunk('Welcome back.'));
      feed.push(storedEvent(result(reply, user)));
      feed.end();
      return feed.response;
    };
    expect(await retryMessage(seed, failed!, undefined, new AbortController().signal)).toEqual({ kind: 'stored' });
    expect(calls.map((call) => call.headers['Idempotency-Key'])).toEqual([failed!.id, failed!.id]);
    expect((await rows()).map((row) => row.content)).toEqual(['Hello', 'Welcome back.']);
  });

  it('fails with the message of an error event that arrives after the stream began', async () => {
    answer = (call) => {
      const feed = streamingAnswer(call.signal);
      feed.push(chunk('Half a'));
      feed.push(`event: error\ndata: ${JSON.stringify({ error: 'ai_failed', message: 'The reply was cut off.' })}\n\ndata: [DONE]\n\n`);
      feed.end();
      return feed.response;
    };
    const outcome = await sendMessage({ seed, content: 'Hello', userName: 'Grace', signal: new AbortController().signal });
    expect(outcome).toEqual({ kind: 'failed', reason: 'The reply was cut off.' });
    expect((await rows()).map((row) => row.state)).toEqual(['failed']);
  });

  /** Sends 'Tell me a story' and shows 'Once upon' as it streams: its key, the answer's feed, the reply's row, and Stop. */
  async function streamThenStop() {
    const stop = new AbortController();
    let feed!: ReturnType<typeof streamingAnswer>;
    answer = (call) => {
      feed = streamingAnswer(call.signal);
      return feed.response;
    };
    const sending = sendMessage({ seed, content: 'Tell me a story', userName: 'Grace', signal: stop.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    feed.push(chunk('Once upon'));
    await vi.waitFor(async () => expect((await rows()).find((row) => row.state === 'streaming')?.content).toBe('Once upon'));
    const replyId = (await rows()).find((row) => row.state === 'streaming')!.id;
    return { key: calls[0]!.headers['Idempotency-Key']!, feed, replyId, stop: () => (stop.abort(), sending) };
  }

  /** The chat's newest page as the server answers it. */
  const newestPage = (data: ChatMessage[]): ChatGetResponse => ({
    success: true,
    data,
    chat: recentChat(),
    page: 1,
    page_size: 10,
    total: data.length,
    total_pages: 1,
    has_before: false,
    has_after: false,
  });

  it('on Stop shows what the server kept as a normal reply with its mark, in place of the local rows, each word once', async () => {
    const { key, stop } = await streamThenStop();
    const user = { ...stored({ seq: 1, role: 'user', content: 'Tell me a story', client_id: key }), id: 'z-user' };
    // The last words raced the Stop: the server kept them, and its text is the one shown.
    const reply = stored({ seq: 2, role: 'assistant', content: 'Once upon a time there', stopped_swipe: 0 });
    storedCompletion.mockResolvedValue(result(reply, user));

    expect(await stop()).toEqual({ kind: 'stopped' });
    expect(storedCompletion).toHaveBeenCalledWith(key);
    expect(calls).toHaveLength(1);
    expect((await rows()).map((row) => [row.id, row.state, row.content, row.stopped_swipe])).toEqual([
      ['z-user', 'sent', 'Tell me a story', undefined],
      [reply.id, 'sent', 'Once upon a time there', 0],
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.chats.get(CHAT))?.last_message).toBe('Once upon a time there');
    expect(getChatMessages).not.toHaveBeenCalled();
  });

  it('on Stop before the first word leaves no reply row, and learns from the server that the message was saved', async () => {
    const stop = new AbortController();
    answer = (call) =>
      new Promise((_resolve, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    const sending = sendMessage({ seed, content: 'Anyone?', userName: 'Grace', signal: stop.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const key = calls[0]!.headers['Idempotency-Key']!;
    const user = { ...stored({ seq: 1, role: 'user', content: 'Anyone?', client_id: key }), id: 'z-user' };
    getChatMessages.mockResolvedValue(newestPage([user]));
    stop.abort();

    expect(await sending).toEqual({ kind: 'stopped' });
    expect((await rows()).map((row) => [row.id, row.state])).toEqual([['z-user', 'sent']]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('on Stop when the server cannot be asked keeps the partial reply as stopped and not saved, and learns from the server that the message was saved', async () => {
    storedCompletion.mockRejectedValue(new ApiError('Network error.', 0));
    const { key, feed, replyId, stop } = await streamThenStop();
    // Shown but not yet written to Dexie when Stop comes: it is kept all the same.
    feed.push(chunk(' a time'));
    await vi.waitFor(() => expect(streamingText(replyId)).toBe('Once upon a time'));

    // The server stored the greeting first, so its numbers run one ahead of the device's guess.
    const greeting = stored({ seq: 1, role: 'assistant', content: 'Welcome.' });
    const user = { ...stored({ seq: 2, role: 'user', content: 'Tell me a story', client_id: key }), id: 'z-user' };
    getChatMessages.mockResolvedValue(newestPage([greeting, user]));

    expect(await stop()).toEqual({ kind: 'stopped' });
    const all = await rows();
    expect(all.map((row) => [row.role, row.state, row.content])).toEqual([
      ['assistant', 'sent', 'Welcome.'],
      ['user', 'sent', 'Tell me a story'],
      ['assistant', 'failed', 'Once upon a time'],
    ]);
    expect(all[2]!.error).toBe(STOPPED_REASON);
  });

  it('on Stop before the server saved anything marks the message failed, so Retry can send it', async () => {
    const stop = new AbortController();
    answer = (call) =>
      new Promise((_resolve, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    getChatMessages.mockRejectedValue(Object.assign(new Error('Chat not found'), { status: 404 }));
    const sending = sendMessage({ seed, content: 'Hello?', userName: 'Grace', signal: stop.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    stop.abort();

    expect(await sending).toEqual({ kind: 'stopped' });
    expect((await rows()).map((row) => [row.state, row.error])).toEqual([['failed', STOPPED_BEFORE_SAVED]]);
  });
});

describe('stopping a continuation', () => {
  async function continueThenStop() {
    const user = stored({ seq: 1, role: 'user', content: 'Hi' });
    const reply = stored({ seq: 2, role: 'assistant', content: 'Once upon', stopped_swipe: 0 });
    await saveServerPage(recentChat(), [user, reply], { newest: true });
    const stop = new AbortController();
    let feed!: ReturnType<typeof streamingAnswer>;
    answer = (call) => {
      feed = streamingAnswer(call.signal);
      return feed.response;
    };
    const going = continueReply(seed, (await db.messages.get(reply.id))!, 'more-key', stop.signal);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    feed.push(chunk('a time'));
    await vi.waitFor(async () => expect((await rows()).find((row) => row.state === 'streaming')?.content).toBe('Once upon a time'));
    return { reply, stop: () => (stop.abort(), going) };
  }

  it('shows the reply with what the server kept appended, still marked', async () => {
    const { reply, stop } = await continueThenStop();
    storedCompletion.mockResolvedValue(result({ ...reply, content: 'Once upon a time' }, null));
    expect(await stop()).toEqual({ kind: 'stopped' });
    expect((await rows()).map((row) => [row.id, row.state, row.content, row.stopped_swipe])).toEqual([
      ['m-1-user', 'sent', 'Hi', undefined],
      [reply.id, 'sent', 'Once upon a time', 0],
    ]);
  });

  it('shows the reply as it was when the server kept nothing', async () => {
    const { reply, stop } = await continueThenStop();
    expect(await stop()).toEqual({ kind: 'stopped' });
    expect((await rows()).map((row) => [row.id, row.content])).toEqual([
      ['m-1-user', 'Hi'],
      [reply.id, 'Once upon'],
    ]);
  });
});

describe('regenerating', () => {
  it('asks for regenerate: true under its own key and replaces the last reply', async () => {
    const user = stored({ seq: 1, role: 'user', content: 'Hi' });
    const old = stored({ seq: 2, role: 'assistant', content: 'First answer' });
    await saveServerPage(recentChat(), [user, old], { newest: true });
    const fresh = { ...stored({ seq: 2, role: 'assistant', content: 'Second answer' }), id: 'm-2-new' };
    answer = (call) => {
      const feed = streamingAnswer(call.signal);
      feed.push(chunk('Second answer'));
      feed.push(storedEvent(result(fresh, null)));
      feed.end();
      return feed.response;
    };

    const lastReply = (await db.messages.get(old.id))!;
    expect(await regenerateReply(seed, lastReply, 'regen-key', new AbortController().signal)).toEqual({ kind: 'stored' });
    expect(calls[0]!.headers['Idempotency-Key']).toBe('regen-key');
    expect(calls[0]!.body).toMatchObject({ chat_id: CHAT, regenerate: true });
    expect(calls[0]!.body.messages).toBeUndefined();
    expect((await rows()).map((row) => [row.id, row.content])).toEqual([
      [user.id, 'Hi'],
      ['m-2-new', 'Second answer'],
    ]);
  });

  it('answers a user message left without a reply (after Stop), placing the reply after it', async () => {
    const user = stored({ seq: 1, role: 'user', content: 'Anyone there?' });
    await saveServerPage(recentChat(), [user], { newest: true });
    const reply = stored({ seq: 2, role: 'assistant', content: 'Yes, here.' });
    let feed!: ReturnType<typeof streamingAnswer>;
    answer = (call) => {
      feed = streamingAnswer(call.signal);
      feed.push(chunk('Yes, here.'));
      return feed.response;
    };
    const regenerating = regenerateReply(seed, (await db.messages.get(user.id))!, 'regen-2', new AbortController().signal);
    await vi.waitFor(async () => expect((await rows()).find((row) => row.state === 'streaming')?.seq).toBe(2));
    feed.push(storedEvent(result(reply, null)));
    feed.end();
    expect(await regenerating).toEqual({ kind: 'stored' });
    expect((await rows()).map((row) => [row.seq, row.content])).toEqual([
      [1, 'Anyone there?'],
      [2, 'Yes, here.'],
    ]);
  });
});
