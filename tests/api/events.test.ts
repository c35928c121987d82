import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDb } from '../../server/db/index';
import { pruneEvents } from '../../server/db/repositories/events';
import { MAX_STREAMS_PER_USER } from '../../server/events/hub';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { chatTestBed, complete, deleteFrom, deleteMessage, editMessage, getChat, parseStream } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';
import { openEvents, type OpenStream } from './eventStream';
import { accessToken } from './tokens';
import { until as waitFor } from '../support/until';

type Bed = Awaited<ReturnType<typeof chatTestBed>>;

describe.each(databases)('live events (%s)', (dialect) => {
  let bed: Bed;
  let test: TestApp;
  let alice: Uploader;
  let base: string;
  const streams: OpenStream[] = [];
  const open = async (token: string, options: Parameters<typeof openEvents>[2] = {}) => {
    const stream = await openEvents(base, token, options);
    streams.push(stream);
    return stream;
  };
  const newestId = (stream: OpenStream) => Number(stream.received.at(-1)?.id);

  beforeAll(async () => {
    bed = await chatTestBed(dialect, { EVENTS_HEARTBEAT_MS: '100', ADMIN_EMAILS: 'alice@example.com' }, { name: 'Mira' });
    ({ test, alice } = bed);
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await test.close();
    await bed.fake.close();
  });

  const newChat = async (text: string) => {
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: bed.card, text });
    expect(response.statusCode).toBe(200);
    return { chatId };
  };

  it('sends every kind of change once, in order, to the person only, and heartbeats meanwhile', async () => {
    const mine = await open(alice.token, { deviceId: 'phone-1' });
    const others = await open(bed.bob.token);
    expect(mine.status).toBe(200);
    const ready = await mine.next('ready', (e) => e.event === 'ready');
    const start = Number(ready.id);

    const { chatId } = await newChat('Hello there');
    const [first, reply] = (await getChat(test, alice, { chat_id: chatId })).json().data;
    expect((await editMessage(test, alice, first.id, { content: 'Hello, edited' })).statusCode).toBe(200);
    expect((await complete(test, alice, { chatId, regenerate: true })).statusCode).toBe(200);
    expect((await editMessage(test, alice, reply.id, { swipe_id: 0 })).statusCode).toBe(200);
    const note = await test.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: alice.headers,
      payload: { chatId, content: 'A note' },
    });
    expect(note.statusCode).toBe(201);
    const renamed = await test.app.inject({
      method: 'PUT',
      url: `/api/chats/${chatId}`,
      headers: alice.headers,
      payload: { title: 'Bus ride' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await deleteMessage(test, alice, note.json().id)).statusCode).toBe(200);
    expect((await deleteFrom(test, alice, { chat_id: chatId, message_id: reply.id })).statusCode).toBe(200);
    const card = (await upload(test, alice, cardPng({ name: 'Public one' }), { public_release: 'true' })).json().data.file_id;
    const added = await test.app.inject({ method: 'POST', url: '/api/favorites/add', headers: alice.headers, payload: { file_id: card } });
    expect(added.statusCode).toBe(200);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/favorites/${card}`, headers: alice.headers })).statusCode).toBe(200);
    const deleted = await test.app.inject({
      method: 'POST',
      url: '/api/chats/delete',
      headers: alice.headers,
      payload: { chat_id: chatId },
    });
    expect(deleted.statusCode).toBe(200);

    await mine.next('the chat deleted', (e) => e.event === 'chat.deleted');
    const stored = mine.received.filter((e) => e.id !== undefined && e.event !== 'ready');
    expect(stored.map((e) => e.event)).toEqual([
      'chat.created',
      'message.created',
      'message.created',
      'message.updated',
      'message.updated',
      'message.updated',
      'message.created',
      'chat.updated',
      'messages.deleted',
      'messages.deleted',
      'favorite.added',
      'favorite.removed',
      'chat.deleted',
    ]);
    expect(stored.map((e) => Number(e.id))).toEqual(stored.map((_, i) => start + i + 1));
    expect(stored.every((e) => e.data.id === Number(e.id) && e.data.kind === e.event)).toBe(true);
    expect(stored[0]!.data.payload).toMatchObject({ chat_id: chatId, character_name: 'Mira' });
    expect(stored[3]!.data.payload).toMatchObject({ id: first.id, content: 'Hello, edited' });
    expect(stored[5]!.data.payload).toMatchObject({ id: reply.id, swipe_id: 0 });
    expect(stored[7]!.data.payload).toMatchObject({ chat_id: chatId, title: 'Bus ride' });
    expect(stored[9]!.data.payload).toEqual({ chat_id: chatId, from_seq: reply.seq });
    expect(stored[10]!.data.payload).toMatchObject({ file_id: card });
    await until(() => mine.comments > 0);
    expect(others.received.map((e) => e.event)).toEqual(['ready']);
  });

  it('passes a streaming reply piece by piece, then the stored reply', async () => {
    const mine = await open(alice.token);
    await mine.next('ready', (e) => e.event === 'ready');
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: bed.card, text: 'Stream it', stream: true });
    const content = parseStream(response.body).stored!.reply!.content;
    const created = await mine.next('the reply', (e) => e.event === 'message.created' && e.data.payload.role === 'assistant');
    const pieces = mine.received.filter((e) => e.event === 'reply.delta');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((e) => e.id === undefined && e.data.chat_id === chatId && e.data.message_id === null)).toBe(true);
    expect(
      pieces
        .map((e) => e.data.text)
        .join('')
        .trim(),
    ).toBe(content);
    expect(mine.received.indexOf(pieces.at(-1)!)).toBeLessThan(mine.received.indexOf(created));
  });

  it('names the device that made a change, so it can skip its own event', async () => {
    const mine = await open(alice.token);
    await mine.next('ready', (e) => e.event === 'ready');
    const { chatId } = await newChat('Who made me?');
    const renamed = await test.app.inject({
      method: 'PUT',
      url: `/api/chats/${chatId}`,
      headers: { ...alice.headers, 'x-device-id': 'desktop-7' },
      payload: { title: 'Mine' },
    });
    expect(renamed.statusCode).toBe(200);
    const event = await mine.next('the rename', (e) => e.event === 'chat.updated' && e.data.payload.chat_id === chatId);
    expect(event.data.origin).toBe('desktop-7');
    expect(mine.received.find((e) => e.event === 'chat.created')!.data.origin).toBeNull();
  });

  it('resumes after Last-Event-ID with exactly what was missed', async () => {
    const first = await open(alice.token);
    await first.next('ready', (e) => e.event === 'ready');
    await newChat('Before the tunnel');
    await first.next('the reply', (e) => e.event === 'message.created' && e.data.payload.role === 'assistant');
    const seen = newestId(first);
    first.close();
    const { chatId } = await newChat('In the tunnel');
    const again = await open(alice.token, { lastEventId: seen });
    const ready = await again.next('ready', (e) => e.event === 'ready');
    expect(Number(ready.id)).toBe(seen);
    await again.next('the missed reply', (e) => e.event === 'message.created' && e.data.payload.role === 'assistant');
    expect(again.received.filter((e) => e.id !== undefined).map((e) => e.event)).toEqual([
      'ready',
      'chat.created',
      'message.created',
      'message.created',
    ]);
    expect(again.received[1]!.data.payload.chat_id).toBe(chatId);
    expect(Number(again.received[1]!.id)).toBe(seen + 1);
  });

  it('tells a device away longer than events are kept to pull again', async () => {
    const first = await open(alice.token);
    await first.next('ready', (e) => e.event === 'ready');
    await newChat('Long ago');
    await first.next('the reply', (e) => e.event === 'message.created' && e.data.payload.role === 'assistant');
    const seen = newestId(first) - 2;
    first.close();
    await pruneEvents(test.db.kysely, new Date(Date.now() + 1000).toISOString());
    await newChat('Today');
    const back = await open(alice.token, { lastEventId: seen });
    const resync = await back.next('resync', (e) => e.event === 'resync');
    expect(back.received[0]).toBe(resync);
    expect(Number(resync.id)).toBeGreaterThan(seen + 2);
    const ahead = await open(alice.token, { lastEventId: 1_000_000 });
    await ahead.next('resync', (e) => e.event === 'resync');
  });

  it('ends the stream when the access token expires, and closes the oldest beyond the limit', async () => {
    const short = await accessToken(test, { sub: 'alice', email: 'alice@example.com', name: 'alice', expiresIn: 2 });
    const expiring = await open(short);
    const closed = await expiring.next('closed', (e) => e.event === 'closed');
    expect(closed.data.reason).toBe('token_expired');
    await until(() => expiring.ended);

    const carol = await userOf(test, 'carol');
    const many: OpenStream[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) {
      const stream = await open(carol.token);
      await stream.next('ready', (e) => e.event === 'ready');
      many.push(stream);
    }
    const dropped = await many[0]!.next('closed', (e) => e.event === 'closed');
    expect(dropped.data.reason).toBe('too_many_streams');
    expect(many.slice(1).every((stream) => !stream.received.some((e) => e.event === 'closed'))).toBe(true);
  });

  it('refuses a stream without a valid token', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
  });

  it.runIf(dialect === 'postgres')('reaches a device connected to another instance on the same PostgreSQL', async () => {
    const other = await buildApp({
      config: test.config,
      db: openDb({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: test.dataDir, schema: test.schema }),
    });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      const remote = await openEvents(otherBase, alice.token);
      streams.push(remote);
      await remote.next('ready', (e) => e.event === 'ready');
      const chatId = randomUUID();
      const response = await complete(test, alice, { chatId, characterId: bed.card, text: 'Across', stream: true });
      expect(response.statusCode).toBe(200);
      await remote.next('the reply', (e) => e.event === 'message.created' && e.data.payload.role === 'assistant');
      expect(remote.received.some((e) => e.event === 'reply.delta' && e.data.chat_id === chatId)).toBe(true);
      // And the other way: a change on the second instance reaches a stream on the first.
      const local = await open(alice.token);
      await local.next('ready', (e) => e.event === 'ready');
      const renamed = await other.inject({ method: 'PUT', url: `/api/chats/${chatId}`, headers: alice.headers, payload: { title: 'Far' } });
      expect(renamed.statusCode).toBe(200);
      await local.next('the rename', (e) => e.event === 'chat.updated' && e.data.payload.title === 'Far');
      remote.close();
    } finally {
      await other.close();
    }
  });
});

describe('live events and the per-address connection cap', () => {
  it('counts each open stream as a connection of its address', async () => {
    const test = await createTestApp('sqlite', { MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const open: OpenStream[] = [];
    try {
      const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await userOf(test, 'dana');
      for (let i = 0; i < 3; i++) {
        const stream = await openEvents(base, user.token);
        open.push(stream);
        await stream.next('ready', (e) => e.event === 'ready');
      }
      await expect(openEvents(base, user.token)).rejects.toThrow();
      open[0]!.close();
      await until(() => open[0]!.ended);
      const again = await firstOpened(() => openEvents(base, user.token).catch(() => undefined));
      open.push(again);
      await again.next('ready', (e) => e.event === 'ready');
    } finally {
      for (const stream of open) stream.close();
      await test.close();
    }
  });
});

const until = (condition: () => boolean) => waitFor('the condition', async () => (condition() ? true : undefined), 15_000, 10);
const firstOpened = <T>(probe: () => Promise<T | undefined>) => waitFor('a stream to open', probe, 15_000, 20);
