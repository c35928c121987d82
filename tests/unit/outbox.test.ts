import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatGetResponse } from '@core/contract';
import { held, refusal, seedOf, tokensOf, useOutboxBed } from './outboxServer';

const getChatMessages = vi.fn<(request: unknown) => Promise<ChatGetResponse>>();
vi.mock('../../src/api/chatMessages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatMessages')>()),
  getChatMessages: (request: unknown) => getChatMessages(request),
}));
vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => Promise.resolve({ page: 1, totalPages: 1 }) }));
// The refresh goes to the identity provider; here it hands out the next token, or fails as told.
const refreshTokens = vi.fn();
vi.mock('../../src/auth/refresh', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/auth/refresh')>()),
  refreshTokens: () => refreshTokens(),
}));

const { db } = await import('../../src/db/db');
const { enqueueMessage } = await import('../../src/db/outbox');
const { waitingCount } = await import('../../src/db/outboxCount');
const { flushOutbox } = await import('../../src/sync/outbox');
const { retryMessage, sendMessage, STOPPED_BEFORE_SAVED } = await import('../../src/sync/sendMessage');
const { loadTokens, saveTokens } = await import('../../src/auth/tokens');

// Only Date: messages typed one after another get created_at values in that order.
const bed = useOutboxBed({ toFake: ['Date'] });
const { type, typeOffline } = bed;

beforeEach(() => {
  refreshTokens.mockReset();
  getChatMessages.mockReset();
});

const row = (id: string) => db.messages.get(id);
const byContent = (content: string) => db.messages.filter((message) => message.content === content).first();
const userRows = async (chatId: string) =>
  (await db.messages.where('[chat_id+seq]').between([chatId, 0], [chatId, Infinity]).toArray()).filter(
    (message) => message.role === 'user',
  );

describe('writing a message offline', () => {
  it('shows it as pending at once and queues it in the outbox, without trying the network', async () => {
    const id = await typeOffline('chat-a', 'Hello');
    expect(bed.server.calls).toEqual([]);
    expect(await row(id)).toMatchObject({ state: 'pending', content: 'Hello', client_id: id });
    expect(await db.outbox.get(id)).toMatchObject({
      chat_id: 'chat-a',
      attempts: 0,
      last_error: null,
      request: { chat_id: 'chat-a', messages: [{ role: 'user', content: 'Hello' }] },
    });
    expect(await waitingCount()).toBe(1);
  });

  it('a crash between writing and sending loses nothing: the message and its outbox entry are written together', async () => {
    // What sendMessage writes before anything goes out; the tab dies here.
    await enqueueMessage(
      seedOf('chat-a'),
      { clientId: 'c-1', content: 'Before the crash', name: 'Grace', sendDate: new Date().toISOString() },
      { chat_id: 'chat-a', messages: [{ role: 'user', content: 'Before the crash' }] },
    );
    // A failed write leaves neither: the message id is taken, so the transaction aborts as a whole.
    await expect(
      enqueueMessage(
        seedOf('chat-a'),
        { clientId: 'c-1', content: 'Twice', name: 'Grace', sendDate: new Date().toISOString() },
        { chat_id: 'chat-a' },
      ),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);

    await flushOutbox();
    expect(bed.server.stored).toEqual(['c-1']);
    expect((await userRows('chat-a')).map((message) => [message.content, message.state])).toEqual([['Before the crash', 'sent']]);
    expect(await waitingCount()).toBe(0);
  });
});

describe('flushing the outbox', () => {
  it('sends chats in the order of their oldest message, each chat oldest first, with its own client id as the key', async () => {
    const a1 = await typeOffline('chat-a', 'a1');
    const b1 = await typeOffline('chat-b', 'b1');
    const a2 = await typeOffline('chat-a', 'a2');
    const b2 = await typeOffline('chat-b', 'b2');

    await flushOutbox();
    expect(bed.server.calls.map((call) => [call.chatId, call.key])).toEqual([
      ['chat-a', a1],
      ['chat-a', a2],
      ['chat-b', b1],
      ['chat-b', b2],
    ]);
    expect((await userRows('chat-a')).map((message) => [message.content, message.state])).toEqual([
      ['a1', 'sent'],
      ['a2', 'sent'],
    ]);
    // Each reply landed in its own chat.
    expect((await db.messages.where('chat_id').equals('chat-b').toArray()).some((message) => message.content === 'Re: b2')).toBe(true);
    expect(await waitingCount()).toBe(0);
  });

  it('sends each message exactly once when flushes are asked for concurrently, and goes round again for what came meanwhile', async () => {
    const first = await typeOffline('chat-a', 'one');
    const second = await typeOffline('chat-a', 'two');
    const gate = held();
    bed.server.answer = async (call) => {
      if (call.key === first) await gate.gate;
      return undefined;
    };
    const running = flushOutbox();
    await vi.waitFor(() => expect(bed.server.calls).toHaveLength(1));
    // Queued while the flush is busy with chat-a: a chat it had not listed when it started.
    const late = await typeOffline('chat-b', 'late');
    const again = [flushOutbox(), flushOutbox()];
    gate.release();
    await Promise.all([running, ...again]);

    expect(bed.server.calls.map((call) => call.key)).toEqual([first, second, late]);
    expect(bed.server.stored).toEqual([first, second, late]);
  });

  it('keeps everything queued on a network failure, and a later flush sends it', async () => {
    const a1 = await typeOffline('chat-a', 'a1');
    const a2 = await typeOffline('chat-a', 'a2');
    const b1 = await typeOffline('chat-b', 'b1');
    bed.server.answer = () => Promise.reject(new TypeError('Failed to fetch'));

    await flushOutbox();
    // The first failure stops the flush: the rest would fail the same way.
    expect(bed.server.calls.map((call) => call.key)).toEqual([a1]);
    expect(await row(a1)).toMatchObject({ state: 'pending' });
    expect(await db.outbox.get(a1)).toMatchObject({
      attempts: 1,
      last_error: 'Network error. Please check your connection and try again.',
    });
    expect(await waitingCount()).toBe(3);

    bed.server.answer = () => undefined;
    await flushOutbox();
    expect(bed.server.stored).toEqual([a1, a2, b1]);
    expect(await waitingCount()).toBe(0);
  });

  it.each([
    [409, 'in_progress', 'This message is still being answered. Please wait for the reply.'],
    [503, 'upstream_rate_limited', 'The AI service is busy right now. Please try again in a moment.'],
  ])('waits on a %i (%s) and sends the message on a later flush', async (status, code, text) => {
    const id = await typeOffline('chat-a', 'Hello');
    bed.server.answer = () => refusal(status, code, text);
    await flushOutbox();
    expect(await row(id)).toMatchObject({ state: 'pending' });
    expect(await db.outbox.get(id)).toMatchObject({ attempts: 1, last_error: text });

    bed.server.answer = () => undefined;
    await flushOutbox();
    expect(bed.server.calls.map((call) => call.key)).toEqual([id, id]);
    expect(bed.server.stored).toEqual([id]);
  });

  it('marks a refused message failed with the reason, goes on with the next, and Retry queues it again under the same key', async () => {
    const refused = await typeOffline('chat-a', 'Too much');
    const next = await typeOffline('chat-a', 'Fine');
    bed.server.answer = (call) => (call.key === refused ? refusal(422, 'validation_error', 'The message is too long.') : undefined);

    await flushOutbox();
    expect(await row(refused)).toMatchObject({ state: 'failed', error: 'The message is too long.' });
    expect(await db.outbox.get(refused)).toBeUndefined();
    expect(bed.server.stored).toEqual([next]);

    // Retry while offline queues it again, with the same client id.
    bed.online = false;
    const failed = (await row(refused))!;
    expect(await retryMessage(seedOf('chat-a'), failed, undefined, new AbortController().signal)).toEqual({ kind: 'queued' });
    expect(await row(refused)).toMatchObject({ state: 'pending' });
    expect(await db.outbox.get(refused)).toMatchObject({ client_id: refused, attempts: 0 });

    bed.online = true;
    bed.server.answer = () => undefined;
    await flushOutbox();
    expect(bed.server.calls.map((call) => call.key)).toEqual([refused, next, refused]);
    expect(bed.server.stored).toEqual([next, refused]);
  });

  it('refreshes a token that expired while offline before the replay', async () => {
    const id = await typeOffline('chat-a', 'Hello');
    saveTokens(tokensOf('stale', Date.now() - 1000));
    refreshTokens.mockImplementation(() => {
      const fresh = tokensOf('fresh', Date.now() + 3_600_000);
      saveTokens(fresh);
      return Promise.resolve(fresh);
    });

    await flushOutbox();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(bed.server.calls).toEqual([expect.objectContaining({ key: id, authorization: 'Bearer fresh' })]);
    expect(loadTokens()?.accessToken).toBe('fresh');
  });

  it('leaves the outbox alone when the refresh fails or nobody is signed in', async () => {
    const id = await typeOffline('chat-a', 'Hello');
    saveTokens(tokensOf('stale', Date.now() - 1000));
    refreshTokens.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await flushOutbox();

    localStorage.clear();
    await flushOutbox();
    expect(bed.server.calls).toEqual([]);
    expect(await db.outbox.get(id)).toMatchObject({ attempts: 0 });
  });
});

describe('a replay and the session', () => {
  it('stops when the user signs out (or another signs in) while it runs: what it read was theirs', async () => {
    const first = await typeOffline('chat-a', 'one');
    await typeOffline('chat-a', 'two');
    await typeOffline('chat-a', 'three');
    bed.server.answer = (call) => {
      // Someone else signs in on this device while the first message is answered.
      if (call.key === first) saveTokens({ ...tokensOf('other-user', Date.now() + 3_600_000), subject: 'sub-2' });
      return undefined;
    };
    await flushOutbox();
    expect(bed.server.calls.map((call) => call.key)).toEqual([first]);
  });
});

describe('the live send and the outbox', () => {
  it('sends at once when online, and a flush meanwhile leaves the message to it', async () => {
    const gate = held();
    bed.server.answer = async () => {
      await gate.gate;
      return undefined;
    };
    const sending = type('chat-a', 'Live');
    await vi.waitFor(() => expect(bed.server.calls).toHaveLength(1));
    await flushOutbox();
    gate.release();

    expect(await sending).toEqual({ kind: 'stored' });
    expect(bed.server.calls).toHaveLength(1);
    expect(await waitingCount()).toBe(0);
  });

  it('queues a message typed behind older waiting ones of its chat, and the flush sends them in order', async () => {
    const older = await typeOffline('chat-a', 'older');
    expect(await type('chat-a', 'newer')).toEqual({ kind: 'queued' });
    await vi.waitFor(() => expect(bed.server.stored).toHaveLength(2));
    const newer = (await byContent('newer'))!.client_id;
    expect(bed.server.calls.map((call) => call.key)).toEqual([older, newer]);
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0));
  });

  it('keeps a message that got no answer waiting instead of failing it', async () => {
    bed.server.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await type('chat-a', 'Lost signal')).toEqual({ kind: 'queued' });
    const [message] = await userRows('chat-a');
    expect(message).toMatchObject({ state: 'pending' });
    expect(await db.outbox.get(message!.id)).toMatchObject({ attempts: 1 });
  });

  it('takes a message stopped before the server saved it out of the outbox, failed with Retry', async () => {
    const stop = new AbortController();
    bed.server.answer = () =>
      new Promise((_resolve, reject) => stop.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    getChatMessages.mockRejectedValue(new TypeError('Failed to fetch'));
    const sending = sendMessage({ seed: seedOf('chat-a'), content: 'Stop me', userName: 'Grace', signal: stop.signal });
    await vi.waitFor(() => expect(bed.server.calls).toHaveLength(1));
    stop.abort();

    expect(await sending).toEqual({ kind: 'stopped' });
    expect((await userRows('chat-a')).map((message) => [message.state, message.error])).toEqual([['failed', STOPPED_BEFORE_SAVED]]);
    expect(await waitingCount()).toBe(0);
    await flushOutbox();
    expect(bed.server.calls).toHaveLength(1);
  });
});
