/**
 * Load: 100 users at once on one listening instance, each uploading a card and chatting
 * (some messages sent twice at once with the same Idempotency-Key, as a flaky network's retries
 * would) → no 5xx, no SQLITE_BUSY, no message lost or stored twice, every upload stored. Wall time
 * and p95 latency are printed for the record, never asserted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../../support/cards';
import { multipartBody, userOf, type Uploader } from '../cards';
import { createTestApp, databases, type TestApp } from '../helpers';

const USERS = 100;
const MESSAGES_PER_USER = 3;
/** This message of each user's is sent twice at once, then once more after both answered. */
const RETRIED_MESSAGE = 1;

interface Answer {
  path: string;
  status: number;
  body: string;
  ms: number;
}

describe.each(databases)('100 users at once on one instance (%s)', (dialect) => {
  let test: TestApp;
  let origin: string;
  let users: Uploader[];

  beforeAll(async () => {
    // The demo AI, with a short pause between words, so replies overlap as real streams do.
    test = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '2' });
    origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
    users = await Promise.all(Array.from({ length: USERS }, (_, i) => userOf(test, `load-user-${i}`)));
  });
  afterAll(() => test.close());

  it('uploads and chats with no 5xx, no SQLITE_BUSY, every message stored once and every upload kept', { timeout: 180_000 }, async () => {
    const answers: Answer[] = [];
    const timed = async (path: string, init: RequestInit): Promise<Answer> => {
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, init);
      const answer = { path, status: response.status, body: await response.text(), ms: performance.now() - started };
      answers.push(answer);
      return answer;
    };

    const session = async (user: Uploader, index: number) => {
      const { payload, headers } = await multipartBody({ bytes: testCardPng({ name: `Load ${index}` }) });
      const uploaded = await timed('/api/upload/image', {
        method: 'POST',
        headers: { ...user.headers, ...headers },
        body: new Uint8Array(payload),
      });
      expect(uploaded.status, uploaded.body).toBe(200);
      const card = JSON.parse(uploaded.body).data.file_id as string;

      const chatId = randomUUID();
      for (let n = 0; n < MESSAGES_PER_USER; n += 1) {
        const key = randomUUID();
        const send = () =>
          timed('/api/chat/completions', {
            method: 'POST',
            headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({
              chat_id: chatId,
              character_id: card,
              messages: [{ role: 'user', content: `user ${index} message ${n}` }],
              stream: true,
            }),
          });
        if (n !== RETRIED_MESSAGE) {
          expect((await send()).status).toBe(200);
          continue;
        }
        // One of the two is answered; the other is told the first is still being answered, or
        // (if the first finished already) gets the same stored result.
        const pair = await Promise.all([send(), send()]);
        expect(pair.map((a) => a.status).sort()).toSatisfy((s: number[]) => s[0] === 200 && (s[1] === 200 || s[1] === 409));
        expect((await send()).status).toBe(200);
      }
      return { chatId, card };
    };

    const started = performance.now();
    const sessions = await Promise.all(users.map((user, index) => session(user, index)));
    const wallMs = performance.now() - started;

    const figures = (path?: string) => {
      const ms = answers
        .filter((a) => !path || a.path === path)
        .map((a) => a.ms)
        .sort((a, b) => a - b);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))]!.toFixed(0);
      return `${path ?? 'all'}: ${ms.length} requests, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
    };
    console.log(
      `load (${dialect}): ${USERS} users in ${(wallMs / 1000).toFixed(1)} s\n  ` +
        [figures(), figures('/api/upload/image'), figures('/api/chat/completions')].join('\n  '),
    );

    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    expect(answers.filter((a) => /SQLITE|database_unavailable/i.test(a.body)).map((a) => a.body)).toEqual([]);
    // Every streamed reply ended with its stored messages, not an error event.
    expect(answers.filter((a) => a.status === 200 && a.body.includes('event: error')).map((a) => a.body)).toEqual([]);

    const db = test.db.kysely;
    const chatIds = sessions.map((s) => s.chatId);
    const perChat = await db
      .selectFrom('messages')
      .select(['chat_id', 'role', (eb) => eb.fn.countAll<string>().as('count')])
      .where('chat_id', 'in', chatIds)
      .groupBy(['chat_id', 'role'])
      .execute();
    const counts = new Map(perChat.map((row) => [`${row.chat_id} ${row.role}`, Number(row.count)]));
    for (const chatId of chatIds) {
      expect(counts.get(`${chatId} user`), chatId).toBe(MESSAGES_PER_USER);
      expect(counts.get(`${chatId} assistant`), chatId).toBe(MESSAGES_PER_USER);
    }
    const duplicated = await db
      .selectFrom('messages')
      .select(['client_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('chat_id', 'in', chatIds)
      .where('client_id', 'is not', null)
      .groupBy('client_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(duplicated).toEqual([]);
    const chats = await db.selectFrom('chats').select(['id', 'message_count']).where('id', 'in', chatIds).execute();
    expect(chats.map((chat) => chat.message_count)).toEqual(chatIds.map(() => 2 * MESSAGES_PER_USER));

    const cards = await db
      .selectFrom('images')
      .select('id')
      .where(
        'id',
        'in',
        sessions.map((s) => s.card),
      )
      .execute();
    expect(cards).toHaveLength(USERS);
  });
});
