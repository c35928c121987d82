import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { userOf, type Uploader } from './cards';
import { complete, listChats, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

describe.each(databases)("a chat's photo (%s)", (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, { LLM_BASE_URL: fake.baseUrl, IMAGE_BASE_URL: fake.baseUrl, IMAGE_MODEL: 'fake-painter' });
    alice = await userOf(test, 'alice');
    bob = await userOf(test, 'bob');
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it("paints a portrait for a chat whose card is gone, from the character's description only", async () => {
    const card = await ownCard(
      test,
      alice,
      testCardPng({ name: 'Orla', description: 'A lighthouse keeper.', creator_notes: 'SECRET-NOTE' }),
    );
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Hello' });
    await test.app.inject({ method: 'DELETE', url: `/api/upload/images/user/${card}`, headers: alice.headers });

    expect((await test.app.inject({ method: 'GET', url: '/api/config' })).json().images).toBe(true);
    const made = await test.app.inject({ method: 'POST', url: '/api/chats/photo', headers: alice.headers, payload: { chat_id: chatId } });
    expect(made.statusCode).toBe(200);
    expect(made.json().url).toBe(`/api/chats/photo/${chatId}`);
    const sent = fake.requests.at(-1)!.body;
    expect(sent.model).toBe('fake-painter');
    expect(sent.prompt).toContain('Orla');
    expect(sent.prompt).not.toContain('SECRET-NOTE');

    const photo = await test.app.inject({ method: 'GET', url: made.json().url, headers: alice.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await listChats(test, alice)).json().data[0].avatar_url).toBe(made.json().url);
    expect((await test.app.inject({ method: 'GET', url: made.json().url, headers: bob.headers })).statusCode).toBe(404);
  });

  it('says plainly when no image service is configured', async () => {
    const bare = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0' });
    try {
      const user = await userOf(bare, 'carol');
      const card = await ownCard(bare, user, testCardPng());
      const chatId = randomUUID();
      await complete(bare, user, { chatId, characterId: card, text: 'Hi' });
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/chats/photo',
        headers: user.headers,
        payload: { chat_id: chatId },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Photo generation is not set up on this server.');
      const editor = await bare.app.inject({
        method: 'POST',
        url: '/api/characters/photo',
        headers: user.headers,
        payload: { name: 'Nell', description: '' },
      });
      expect(editor.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });

  it("paints the editor's portrait from the name and description being written, storing nothing", async () => {
    const before = fake.requests.length;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/characters/photo',
      headers: alice.headers,
      payload: { name: 'Wren', description: '{{char}} maps the northern coast for {{user}}.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(response.rawPayload).subarray(1, 4)).toEqual(new TextEncoder().encode('PNG'));
    expect(fake.requests).toHaveLength(before + 1);
    expect(fake.requests.at(-1)!.body.prompt).toContain('Wren maps the northern coast for alice.');
    const signedOut = await test.app.inject({ method: 'POST', url: '/api/characters/photo', payload: { name: 'Wren', description: '' } });
    expect(signedOut.statusCode).toBe(401);
    const nameless = await test.app.inject({
      method: 'POST',
      url: '/api/characters/photo',
      headers: alice.headers,
      payload: { name: ' ', description: '' },
    });
    expect(nameless.statusCode).toBe(400);
  });
});
