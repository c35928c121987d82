import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../../server/db/repositories/users';
import { testCardPng } from '../../support/cards';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fakeOpenAI';
import { upload, userOf, type Uploader } from '../cards';
import { chatJsonl, importArchive, listChats } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { buildEstate, expectErrorJson, ownerView, storedState, type Estate } from './access-fixtures';

const OWNER_EMAIL = 'owner@example.com';

/** One attempt by another user on the owner's estate; ids are known only once the estate exists. */
interface Attempt {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (e: Estate) => string;
  body?: (e: Estate) => Record<string, unknown>;
  headers?: (e: Estate) => Record<string, string>;
}

const pngDataUrl = () => `data:image/png;base64,${Buffer.from(testCardPng()).toString('base64')}`;
const freshKey = () => ({ 'idempotency-key': randomUUID() });

/** Every endpoint that takes an id, aimed at an object of the owner's: each must answer 404. */
const notFoundAttempts: Attempt[] = [
  // Cards
  { name: 'private PNG on the owner path', method: 'GET', url: (e) => `/api/upload/image/user/${e.privateId}` },
  { name: 'private PNG download (would count)', method: 'GET', url: (e) => `/api/upload/image/user/${e.privateId}?download=1` },
  { name: "the owner's public card on the owner path", method: 'GET', url: (e) => `/api/upload/image/user/${e.publicId}` },
  { name: 'private PNG on the public path', method: 'GET', url: (e) => `/api/upload/image/${e.privateId}?download=1` },
  { name: 'private thumbnail 240', method: 'GET', url: (e) => `/api/upload/image/thumbnail/${e.privateId}/240.webp` },
  { name: 'private thumbnail 480', method: 'GET', url: (e) => `/api/upload/image/thumbnail/${e.privateId}/480.webp` },
  { name: 'tags of the private card', method: 'GET', url: (e) => `/api/upload/image/tags/user/${e.privateId}` },
  { name: "tags of the owner's public card as own", method: 'GET', url: (e) => `/api/upload/image/tags/user/${e.publicId}` },
  { name: 'tags of the private card as public', method: 'GET', url: (e) => `/api/upload/image/tags/public/${e.privateId}` },
  { name: 'card JSON of the private card', method: 'GET', url: (e) => `/api/upload/card/${e.privateId}` },
  { name: 'the private card as .json (would count)', method: 'GET', url: (e) => `/api/upload/card/${e.privateId}/download/json` },
  { name: 'the private card as .charx (would count)', method: 'GET', url: (e) => `/api/upload/card/${e.privateId}/download/charx` },
  { name: 'character details of the private card (would count a view)', method: 'GET', url: (e) => `/api/characters/${e.privateId}` },
  { name: 'delete the private card', method: 'DELETE', url: (e) => `/api/upload/images/user/${e.privateId}` },
  { name: "delete the owner's public card on the owner path", method: 'DELETE', url: (e) => `/api/upload/images/user/${e.publicId}` },
  { name: 'chat usage of the private card', method: 'GET', url: (e) => `/api/character-replacement/character-usage/${e.privateId}` },
  { name: 'delete chats of the private card', method: 'DELETE', url: (e) => `/api/character-replacement/character-chats/${e.privateId}` },
  {
    name: 'replace the private card (moving chat links)',
    method: 'POST',
    url: () => '/api/character-replacement/replace',
    body: (e) => ({ original_file_id: e.privateId, new_image: pngDataUrl(), new_name: 'Stolen', update_chat_links: true }),
  },
  // Favorites
  {
    name: 'favorite the private card',
    method: 'POST',
    url: () => '/api/favorites/add',
    body: (e) => ({ file_id: e.privateId, image_type: 'public' }),
  },
  { name: "delete the owner's favorite by its id", method: 'DELETE', url: (e) => `/api/favorites/${e.favoriteId}` },
  { name: "remove the owner's favorite by its id", method: 'DELETE', url: (e) => `/api/favorites/remove/${e.favoriteId}` },
  { name: 'remove a favorite by the favorited card id', method: 'DELETE', url: (e) => `/api/favorites/remove/${e.publicId}` },
  { name: 'check a favorite of the private card', method: 'GET', url: (e) => `/api/favorites/check/${e.privateId}` },
  { name: "check the owner's favorite id", method: 'GET', url: (e) => `/api/favorites/check/${e.favoriteId}` },
  // Chats and messages
  { name: 'read the chat', method: 'POST', url: () => '/api/chats/get', body: (e) => ({ chat_id: e.chatId }) },
  {
    name: 'read the chat by before_seq',
    method: 'POST',
    url: () => '/api/chats/get',
    body: (e) => ({ chat_id: e.chatId, before_seq: 1000 }),
  },
  { name: 'delete the chat', method: 'POST', url: () => '/api/chats/delete', body: (e) => ({ chat_id: e.chatId }) },
  { name: 'export the chat', method: 'POST', url: () => '/api/chats/export', body: (e) => ({ chat_id: e.chatId, exportfilename: 'loot' }) },
  { name: "generate the chat's photo", method: 'POST', url: () => '/api/chats/photo', body: (e) => ({ chat_id: e.chatId }) },
  { name: "read the chat's photo", method: 'GET', url: (e) => `/api/chats/photo/${e.chatId}` },
  { name: 'read the first message', method: 'GET', url: (e) => `/api/messages/${e.messageIds[0]}` },
  { name: 'read the last message', method: 'GET', url: (e) => `/api/messages/${e.messageIds.at(-1)}` },
  {
    name: 'append a message to the chat',
    method: 'POST',
    url: () => '/api/messages',
    body: (e) => ({ chatId: e.chatId, content: 'Injected' }),
  },
  {
    name: 'send a message into the chat',
    method: 'POST',
    url: () => '/api/chat/completions',
    headers: freshKey,
    body: (e) => ({ chat_id: e.chatId, messages: [{ role: 'user', content: 'Injected' }] }),
  },
  {
    name: 'stream a message into the chat',
    method: 'POST',
    url: () => '/api/chat/completions',
    headers: freshKey,
    body: (e) => ({ chat_id: e.chatId, stream: true, messages: [{ role: 'user', content: 'Injected' }] }),
  },
  {
    name: "replay the owner's Idempotency-Key (would answer the stored reply)",
    method: 'POST',
    url: () => '/api/chat/completions',
    headers: (e) => ({ 'idempotency-key': e.completionKey }),
    body: (e) => ({ chat_id: e.chatId, messages: [{ role: 'user', content: 'The secret plan' }] }),
  },
  { name: "read what the owner's Idempotency-Key stored", method: 'GET', url: (e) => `/api/chat/completions/${e.completionKey}` },
  {
    name: "regenerate the chat's reply",
    method: 'POST',
    url: () => '/api/chat/completions',
    headers: freshKey,
    body: (e) => ({ chat_id: e.chatId, regenerate: true, messages: [] }),
  },
  {
    name: 'start a chat with the private card',
    method: 'POST',
    url: () => '/api/chat/completions',
    headers: freshKey,
    body: (e) => ({ chat_id: randomUUID(), character_id: e.privateId, messages: [{ role: 'user', content: 'Hi' }] }),
  },
  // Personas
  { name: "rename the owner's persona", method: 'PUT', url: (e) => `/api/personas/${e.personaId}`, body: () => ({ name: 'Stolen' }) },
  {
    name: "remove the avatar of the owner's persona",
    method: 'PUT',
    url: (e) => `/api/personas/${e.personaId}`,
    body: () => ({ avatar: null }),
  },
  { name: "delete the owner's persona", method: 'DELETE', url: (e) => `/api/personas/${e.personaId}` },
  { name: "read the avatar of the owner's persona", method: 'GET', url: (e) => `/api/personas/${e.personaId}/avatar` },
  {
    name: 'change who the owner is in their chat',
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}`,
    body: () => ({ persona_id: null }),
  },
  {
    name: "set the owner's persona on the owner's chat",
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}`,
    body: (e) => ({ persona_id: e.personaId }),
  },
  // What the AI sees and how it writes
  { name: "read the chat's last prompt", method: 'GET', url: (e) => `/api/chats/${e.chatId}/prompt` },
  { name: "list the chat's memories", method: 'GET', url: (e) => `/api/chats/${e.chatId}/memories` },
  {
    name: "change the chat's memory",
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}/memories/${e.memoryId}`,
    body: () => ({ text: 'Injected' }),
  },
  {
    name: 'add a memory to the chat',
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}/memories/${randomUUID()}`,
    body: () => ({ text: 'Injected' }),
  },
  { name: "delete the chat's memory", method: 'DELETE', url: (e) => `/api/chats/${e.chatId}/memories/${e.memoryId}` },
  { name: "read the chat's author's note", method: 'GET', url: (e) => `/api/chats/${e.chatId}/note` },
  {
    name: "set the chat's author's note",
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}/note`,
    body: () => ({ text: 'Injected', depth: 1, interval: 1, role: 'system' }),
  },
  { name: "read the chat's summary", method: 'GET', url: (e) => `/api/chats/${e.chatId}/summary` },
  {
    name: "edit the chat's summary and switch it off",
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}/summary`,
    body: () => ({ text: 'Injected', off: true }),
  },
  { name: "write the chat's summary again (would call the AI)", method: 'POST', url: (e) => `/api/chats/${e.chatId}/summary/regenerate` },
  { name: "read the chat's AI settings", method: 'GET', url: (e) => `/api/chats/${e.chatId}/ai-settings` },
  {
    name: "change the chat's AI settings",
    method: 'PUT',
    url: (e) => `/api/chats/${e.chatId}/ai-settings`,
    body: () => ({ temperature: 2 }),
  },
  { name: "clear the chat's AI settings", method: 'DELETE', url: (e) => `/api/chats/${e.chatId}/ai-settings` },
  {
    name: "overwrite the owner's preset",
    method: 'PUT',
    url: (e) => `/api/ai-presets/${e.presetId}`,
    body: () => ({ name: 'Stolen', settings: { temperature: 2 } }),
  },
  { name: "delete the owner's preset", method: 'DELETE', url: (e) => `/api/ai-presets/${e.presetId}` },
  {
    name: "send into the owner's chat with a public card, naming that card",
    method: 'POST',
    url: () => '/api/chat/completions',
    headers: freshKey,
    body: (e) => ({ chat_id: e.publicChatId, character_id: e.publicId, messages: [{ role: 'user', content: 'Hi' }] }),
  },
];

/** Administrator-only actions by a signed-in non-administrator: each must answer 403. */
const forbiddenAttempts: Attempt[] = [
  {
    name: "delete the owner's public card on the administrators' path",
    method: 'DELETE',
    url: (e) => `/api/upload/images/public/${e.publicId}`,
  },
  {
    name: "delete the owner's private card on the administrators' path",
    method: 'DELETE',
    url: (e) => `/api/upload/images/public/${e.privateId}`,
  },
];

describe.each(databases)("another user's objects (%s)", (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let estate: Estate;
  let intruder: Uploader;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, {
      ADMIN_EMAILS: OWNER_EMAIL,
      LLM_BASE_URL: fake.baseUrl,
      IMAGE_BASE_URL: fake.baseUrl,
      USER_AI_ENDPOINTS: fake.baseUrl,
    });
    estate = await buildEstate(test, await userOf(test, 'owner', OWNER_EMAIL));
    intruder = await userOf(test, 'intruder');
    // A paying intruder, so the replacement plan check cannot be what refuses them.
    const profile = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: intruder.headers })).json();
    await updateUser(test.db.kysely, profile.uid, { plan: 'monthly' });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  /** Sends the attempt as the intruder; then nothing stored, nothing asked upstream, the owner sees the same. */
  async function attempt(row: Attempt, status: number) {
    const owner = await ownerView(test, estate);
    const stored = await storedState(test);
    const upstream = fake.requests.length;
    const response = await test.app.inject({
      method: row.method,
      url: row.url(estate),
      headers: { ...intruder.headers, ...row.headers?.(estate) },
      ...(row.body ? { payload: row.body(estate) } : {}),
    });
    expectErrorJson(response, status);
    expect(await storedState(test)).toEqual(stored);
    expect(fake.requests.length).toBe(upstream);
    expect(await ownerView(test, estate)).toEqual(owner);
  }

  it('starts from an estate the owner can fully see', async () => {
    const view = await ownerView(test, estate);
    expect(view.collection).toHaveLength(2);
    expect(view.favorites.map((f: { id: string }) => f.id)).toEqual([estate.favoriteId]);
    expect(view.chats).toHaveLength(2);
    expect(view.privateChat.data).toHaveLength(3);
    for (const file of [view.privatePng, view.publicPng, view.privateThumb, view.photo, view.personaAvatar]) expect(file.status).toBe(200);
    expect(view.personas).toMatchObject([{ id: estate.personaId, name: 'Masked Owner', chat_count: 1 }]);
    expect(view.privateChat.chat).toMatchObject({ persona_id: estate.personaId });
  });

  for (const row of notFoundAttempts) {
    it(`${row.method} ${row.name} → 404, owner's objects unchanged`, () => attempt(row, 404));
  }

  for (const row of forbiddenAttempts) {
    it(`${row.method} ${row.name} → 403, nothing changed`, () => attempt(row, 403));
  }

  it('refuses a public_release upload by a non-administrator with 403, writing nothing', async () => {
    const stored = await storedState(test);
    const gallery = (await test.app.inject({ method: 'GET', url: '/api/upload/image?limit=100' })).json();
    const response = await upload(test, intruder, testCardPng({ name: 'Fake Official' }), { public_release: 'true' });
    expectErrorJson(response, 403);
    expect(await storedState(test)).toEqual(stored);
    expect((await test.app.inject({ method: 'GET', url: '/api/upload/image?limit=100' })).json()).toEqual(gallery);
  });

  it("never shows, uses or removes the owner's own AI key: the intruder's /me is their own (none: 404)", async () => {
    const ownKey = 'sk-owner-own-key-0042';
    const me = '/api/users/me/ai-key';
    const put = (user: Uploader) =>
      test.app.inject({ method: 'PUT', url: me, headers: user.headers, payload: { endpoint: fake.baseUrl, model: 'own', key: ownKey } });
    expect((await put(estate.owner)).statusCode).toBe(200);
    const seen = await test.app.inject({ method: 'GET', url: me, headers: intruder.headers });
    expect(seen.json()).toEqual({ endpoints: [fake.baseUrl], key: null });
    expectErrorJson(await test.app.inject({ method: 'DELETE', url: me, headers: intruder.headers }), 404);
    const owners = await test.app.inject({ method: 'GET', url: me, headers: estate.owner.headers });
    expect(owners.json().key).toMatchObject({ last4: '0042' });
    expect(owners.body).not.toContain(ownKey);
    expect((await test.app.inject({ method: 'DELETE', url: me, headers: estate.owner.headers })).statusCode).toBe(200);
  });

  it("filters the intruder's own chat list by the owner's card without showing the owner's chats", async () => {
    const owner = await ownerView(test, estate);
    for (const characterId of [estate.privateId, estate.publicId]) {
      const response = await listChats(test, intruder, { character_id: characterId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 0, data: [] });
    }
    expect(await ownerView(test, estate)).toEqual(owner);
  });

  it("deletes only the intruder's own chats with a public card the owner also chats with", async () => {
    const owner = await ownerView(test, estate);
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/character-replacement/character-chats/${estate.publicId}`,
      headers: intruder.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, deleted: 0 });
    expect(await ownerView(test, estate)).toEqual(owner);
  });

  it("replaces the owner's public card only as the intruder's own copy, leaving the owner's card, chat and favorite", async () => {
    const owner = await ownerView(test, estate);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/character-replacement/replace',
      headers: intruder.headers,
      payload: { original_file_id: estate.publicId, new_image: pngDataUrl(), new_name: 'Mine Now', update_chat_links: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ original_deleted: false, data: { is_public: 0, title: 'Mine Now' } });
    expect(await ownerView(test, estate)).toEqual(owner);
  });

  it("imports an archive naming the owner's chat and carrying the owner's private card as a new chat of the importer, linked to the importer's own copy, never the owner's card", async () => {
    const owner = await ownerView(test, estate);
    const archive = zipSync({
      [`${estate.chatId}.jsonl`]: strToU8(chatJsonl('Hidden Owl', [{ mes: 'Appended?', is_user: true }])),
      'Hidden Owl.png': estate.privatePng,
    });
    const response = await importArchive(test, intruder, archive);
    expect(response.statusCode, response.body).toBe(200);
    const [imported] = response.json().imported as { chat_id: string; character_id: string | null }[];
    expect(imported!.chat_id).not.toBe(estate.chatId);
    expect(imported!.character_id).not.toBeNull();
    expect(imported!.character_id).not.toBe(estate.privateId);
    expect(await ownerView(test, estate)).toEqual(owner);
  });
});
