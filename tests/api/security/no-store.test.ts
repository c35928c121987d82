/**
 * ASVS 14.3.2: a shared computer's browser or a proxy between keeps nothing a
 * signed-in user was sent. Every API answer to a request with a token says `Cache-Control: no-store`:
 * JSON, the user's own images, streamed replies, exports and refusals alike.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../../support/cards';
import { upload, userOf, type Uploader } from '../cards';
import { complete, exportChat, ownCard } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';

describe.each(databases)('caching of authenticated answers (%s)', (dialect) => {
  let test: TestApp;
  let user: Uploader;
  let card: string;
  let chatId: string;

  beforeAll(async () => {
    test = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0', ADMIN_EMAILS: 'no-store-admin@example.com' });
    user = await userOf(test, 'no-store-user');
    card = await ownCard(test, user, testCardPng());
    chatId = randomUUID();
    const sent = await complete(test, user, { chatId, characterId: card, text: 'Hello' });
    expect(sent.statusCode, sent.body).toBe(200);
  });
  afterAll(() => test.close());

  const get = (url: string) => test.app.inject({ method: 'GET', url, headers: user.headers });
  const post = (url: string, payload: Record<string, unknown>) => test.app.inject({ method: 'POST', url, headers: user.headers, payload });

  const answers: [string, () => Promise<LightMyRequestResponse>][] = [
    ['the profile', () => get('/api/users/profile')],
    ['the collection', () => get('/api/collections')],
    ['the characters', () => get('/api/characters')],
    ["a character's details", () => get(`/api/characters/${card}`)],
    ['favorites', () => get('/api/favorites/list')],
    ['the plan', () => get('/api/character-replacement/user-type')],
    ['the chat list', () => post('/api/chats/list', {})],
    ['the personas', () => get('/api/personas')],
    ['a chat', () => post('/api/chats/get', { chat_id: chatId })],
    ['a private card PNG', () => get(`/api/upload/image/user/${card}`)],
    ['a private card PNG download', () => get(`/api/upload/image/user/${card}?download=1`)],
    ['a private thumbnail', () => get(`/api/upload/image/thumbnail/${card}/240.webp`)],
    ['a private card JSON', () => get(`/api/upload/card/${card}`)],
    ["a private card's tags", () => get(`/api/upload/image/tags/user/${card}`)],
    ['a public gallery page asked with a token', () => get('/api/upload/image?limit=5')],
    ['a streamed reply', () => complete(test, user, { chatId, text: 'Stream please', stream: true })],
    ['a chat export', () => exportChat(test, user, chatId)],
    ['a 404 for an unknown chat', () => post('/api/chats/get', { chat_id: randomUUID() })],
    ['a 400 for a bad body', () => post('/api/chats/get', { chat_id: 7 })],
  ];

  it.each(answers)('sends no-store with %s', async (_label, request) => {
    const response = await request();
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
    expect(response.headers['cache-control']).toMatch(/(^|,\s*)no-store(,|$)/);
  });

  it('leaves answers to requests without a token as cacheable as before: a public PNG stays immutable', async () => {
    const admin = await userOf(test, 'no-store-admin', 'no-store-admin@example.com');
    const published = await upload(test, admin, testCardPng(), { public_release: 'true' });
    expect(published.statusCode, published.body).toBe(200);
    const id = published.json().data.file_id as string;
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/upload/image/${id}` });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const config = await test.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });
});
