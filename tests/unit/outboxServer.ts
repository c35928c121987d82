import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { ChatMessage, CompletionResult } from '@core/contract';

/** One POST /api/chat/completions as the fake server saw it. */
export interface Call {
  key: string;
  authorization: string | undefined;
  chatId: string;
  content: string;
  /** The request's signal: an answer that never comes ends when it aborts (see `hang`). */
  signal: AbortSignal | undefined;
}

/** A network that accepts the request and never answers: it ends only when the request is aborted. */
export function hang(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) =>
    signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'))),
  );
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** An error answer in the server's shape (`headers`: e.g. a 429's Retry-After). */
export const refusal = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error, message }, headers);

/**
 * A stand-in for the completions endpoint that keeps the Idempotency-Key ledger as the server does: a
 * key answered before gets the stored reply again, so `stored` lists each message the server stored,
 * once. `answer` may return a Response (an error, a held answer) to replace the normal one, or
 * undefined for it; a rejected promise is the network failing.
 */
/** One PATCH /api/messages/{id}, DELETE /api/messages/{id} or POST /api/messages/delete-from as the fake server saw it. */
export interface ChangeCall {
  method: string;
  path: string;
  key: string | null;
  body: { content?: string; swipe_id?: number; message_id?: string } | null;
}

export function fakeServer() {
  const calls: Call[] = [];
  const changes: ChangeCall[] = [];
  /** The stored messages a change may name (the test puts them here); a change to another is 404. */
  const messages = new Map<string, ChatMessage>();
  /** GET /api/health calls (the app's connectivity probes), and how the network treats them. */
  const health = { calls: 0, network: 'up' as 'up' | 'refused' | 'hanging' };
  const stored: string[] = [];
  const results = new Map<string, CompletionResult>();
  const seqs = new Map<string, number>();
  const server = {
    calls,
    stored,
    health,
    changes,
    messages,
    /** Like `answer`, for a change to a message. */
    answerChange: (_call: ChangeCall): Response | undefined | Promise<Response | undefined> => undefined,
    /** The normal answer to a change (no ledger: a test that retries checks `changes`). */
    applyChange(call: ChangeCall): Response {
      const id = call.body?.message_id ?? decodeURIComponent(call.path.split('/').pop()!);
      const message = messages.get(id);
      if (!message) return refusal(404, 'not_found', 'Message not found');
      if (call.method === 'PATCH') {
        const edited = { ...message, content: call.body?.content ?? message.content };
        messages.set(id, edited);
        return json(200, edited);
      }
      const gone = [...messages.values()].filter(
        (m) => m.chat_id === message.chat_id && (m.id === id || (call.body !== null && m.seq > message.seq)),
      );
      for (const m of gone) messages.delete(m.id);
      const left = [...messages.values()].filter((m) => m.chat_id === message.chat_id);
      const time = new Date().toISOString();
      const chat = {
        ...seedOf(message.chat_id),
        last_message_time: time,
        modified: time,
        created_at: time,
        message_count: left.length,
        size: 0,
      };
      return json(200, { success: true, message: 'Deleted', deleted: gone.length, chat });
    },
    answer: (_call: Call): Response | undefined | Promise<Response | undefined> => undefined,
    /** What the server answers normally: store once per key, then the same result again. */
    store(call: Call): Response {
      let result = results.get(call.key);
      if (!result) {
        const seq = seqs.get(call.chatId) ?? 0;
        seqs.set(call.chatId, seq + 2);
        const message = (offset: number, role: ChatMessage['role'], content: string, clientId: string | null): ChatMessage => ({
          id: `s-${call.key}-${role}`,
          chat_id: call.chatId,
          seq: seq + offset,
          role,
          content,
          name: role === 'user' ? 'Grace' : 'Ada',
          send_date: new Date().toISOString(),
          client_id: clientId,
        });
        const reply = message(2, 'assistant', `Re: ${call.content}`, null);
        result = {
          message: reply.content,
          content: reply.content,
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          chat_id: call.chatId,
          greeting: null,
          user_message: message(1, 'user', call.content, call.key),
          reply,
        };
        results.set(call.key, result);
        stored.push(call.key);
      }
      return json(200, result);
    },
    fetch: vi.fn(async (url: string | Request, init: RequestInit = {}) => {
      // ky (the API client) passes a Request: the changes to messages come that way.
      if (url instanceof Request) {
        const body = url.method === 'DELETE' ? null : ((await url.json()) as ChangeCall['body']);
        const call: ChangeCall = { method: url.method, path: new URL(url.url).pathname, key: url.headers.get('Idempotency-Key'), body };
        changes.push(call);
        return (await server.answerChange(call)) ?? server.applyChange(call);
      }
      if (String(url).endsWith('/health')) {
        health.calls += 1;
        if (health.network === 'refused') throw new TypeError('Failed to fetch');
        if (health.network === 'hanging') return hang(init.signal ?? undefined);
        return json(200, { status: 'ok' });
      }
      const headers = init.headers as Record<string, string>;
      const body = JSON.parse(init.body as string) as { chat_id: string; messages?: { content: string }[] };
      const call: Call = {
        key: headers['Idempotency-Key']!,
        authorization: headers.Authorization,
        chatId: body.chat_id,
        content: body.messages?.[0]?.content ?? '',
        signal: init.signal ?? undefined,
      };
      calls.push(call);
      return (await server.answer(call)) ?? server.store(call);
    }),
  };
  return server;
}

/** An answer the test releases later: for a send that is still in flight. */
export function held() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

/** The chat a test sends into: what the chat screen knows of it before the first send. */
export const seedOf = (chatId: string) => ({
  chat_id: chatId,
  character_name: 'Ada',
  character_id: 'card-1',
  filename: 'ada.png',
  card_type: 'public' as const,
  avatar_url: null,
});

/** Saved tokens for the signed-in user 'sub-1'. */
export const tokensOf = (accessToken: string, expiresAt: number) => ({
  accessToken,
  refreshToken: 'refresh',
  idToken: null,
  expiresAt,
  subject: 'sub-1',
  email: null,
});

type FakeTimerKinds = NonNullable<NonNullable<Parameters<typeof vi.useFakeTimers>[0]>['toFake']>;

/** Tells the app's connectivity that cardchat answered, as any answered request does: it starts each test online. */
export async function answeredOnce(): Promise<void> {
  const { noteAnswer } = await import('../../src/lib/connectivity');
  noteAnswer(json(200, {}));
}

/**
 * The outbox test bed, registered as beforeEach/afterEach of the calling file: empty local tables, a
 * fakeServer as fetch, a navigator.onLine the test switches with `bed.online`, fake timers (`toFake`)
 * at 2026-11-21 09:00 UTC, connectivity online, and a signed-in user with 'token-1'. The calling file keeps its own
 * vi.mock calls; src modules are loaded here only once its hooks run.
 */
export function useOutboxBed(options: { toFake: FakeTimerKinds }) {
  const bed = {
    server: undefined as unknown as ReturnType<typeof fakeServer>,
    online: true,
    /** Types a message in a chat, a second after the previous one. */
    async type(chatId: string, content: string) {
      const { sendMessage } = await import('../../src/sync/sendMessage');
      vi.setSystemTime(Date.now() + 1000);
      return sendMessage({ seed: seedOf(chatId), content, userName: 'Grace', signal: new AbortController().signal });
    },
    /** Types a message while offline: it is queued. Its id (the outbox entry's client_id). */
    async typeOffline(chatId: string, content: string): Promise<string> {
      const { db } = await import('../../src/db/db');
      bed.online = false;
      expect(await bed.type(chatId, content)).toEqual({ kind: 'queued' });
      bed.online = true;
      return (await db.outbox.toArray()).find((item) => item.kind === 'message' && item.request.messages?.[0]?.content === content)!
        .client_id;
    },
  };

  beforeEach(async () => {
    const { db } = await import('../../src/db/db');
    const { saveTokens } = await import('../../src/auth/tokens');
    await Promise.all([db.messages.clear(), db.chats.clear(), db.outbox.clear()]);
    bed.server = fakeServer();
    vi.stubGlobal('fetch', bed.server.fetch);
    bed.online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => bed.online);
    vi.useFakeTimers({ toFake: options.toFake });
    vi.setSystemTime(Date.UTC(2026, 10, 21, 9));
    saveTokens(tokensOf('token-1', Date.now() + 3_600_000));
    await answeredOnce();
  });

  afterEach(async () => {
    // A test that left cardchat unreachable must not leave its probes running into the next one.
    await answeredOnce();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  return bed;
}
