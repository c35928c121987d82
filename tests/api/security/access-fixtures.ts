import { createHash, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { testCardPng } from '../../support/cards';
import { upload, type Uploader } from '../cards';
import { appendMessage, complete, getChat, listChats, ownCard } from '../chat-helpers';
import type { TestApp } from '../helpers';
import { blobFiles } from './nothing-written';

/**
 * Asserts the one error shape every refusal must have: JSON `{error, message}` and nothing else,
 * with a message a person can read.
 */
export function expectErrorJson(response: LightMyRequestResponse, status: number): { error: string; message: string } {
  expect(response.statusCode, `${response.statusCode} ${response.body}`).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { error: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toMatch(/^[a-z_]+$/);
  expect(body.message.trim().length).toBeGreaterThan(3);
  return body;
}

const TABLES = ['users', 'images', 'favorites', 'chats', 'messages', 'completion_requests', 'personas'] as const;

/**
 * Everything the server can write: the row count of every user-data table and the list of stored
 * blobs. Equal before and after a refused request means the refusal wrote nothing.
 */
export async function storedState(test: TestApp): Promise<Record<string, number | string[]>> {
  const state: Record<string, number | string[]> = {};
  for (const table of TABLES) {
    const row = await test.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    state[table] = Number(row.n);
  }
  state.blobs = blobFiles(test);
  return state;
}

/** What a user owns, to attack: a private and a public card, chats with both, a photo, a favorite. */
export interface Estate {
  owner: Uploader;
  privateId: string;
  /** The private card's exact bytes (an attacker might hold a copy of the file). */
  privatePng: Uint8Array;
  publicId: string;
  /** A chat with the private card: a greeting-less exchange, a note, and a generated photo. */
  chatId: string;
  /** The Idempotency-Key of the chat's first message. */
  completionKey: string;
  messageIds: string[];
  /** A chat with the public card, which anyone may also chat with. */
  publicChatId: string;
  favoriteId: string;
  /** A persona with an avatar, the one the private chat speaks as. */
  personaId: string;
  /** A pinned memory of the private chat, and a generation preset of the owner's. */
  memoryId: string;
  presetId: string;
}

/**
 * Builds an owner's estate through the API, as the PWA would. The owner must be an administrator
 * (ADMIN_EMAILS) to publish the public card, and the app must have IMAGE_BASE_URL for the photo.
 */
export async function buildEstate(test: TestApp, owner: Uploader): Promise<Estate> {
  const privatePng = testCardPng({ name: 'Hidden Owl', description: 'Keeps the owner’s secrets.' });
  const privateId = await ownCard(test, owner, privatePng);
  const published = await upload(test, owner, testCardPng({ name: 'Open Fox' }), { public_release: 'true' });
  if (published.statusCode !== 200) throw new Error(`public upload failed: ${published.body}`);
  const publicId = published.json().data.file_id as string;

  const avatar = `data:image/png;base64,${Buffer.from(testCardPng()).toString('base64')}`;
  const persona = await test.app.inject({
    method: 'POST',
    url: '/api/personas',
    headers: owner.headers,
    payload: { name: 'Masked Owner', description: 'The owner in disguise.', avatar },
  });
  if (persona.statusCode !== 201) throw new Error(`persona failed: ${persona.body}`);
  const personaId = persona.json().id as string;

  const chatId = randomUUID();
  const completionKey = randomUUID();
  const first = await complete(test, owner, { chatId, characterId: privateId, text: 'The secret plan', key: completionKey, personaId });
  if (first.statusCode !== 200) throw new Error(`completion failed: ${first.body}`);
  const note = await appendMessage(test, owner, { chatId, content: 'A private note' });
  if (note.statusCode !== 201) throw new Error(`append failed: ${note.body}`);
  const photo = await test.app.inject({ method: 'POST', url: '/api/chats/photo', headers: owner.headers, payload: { chat_id: chatId } });
  if (photo.statusCode !== 200) throw new Error(`photo failed: ${photo.body}`);

  const publicChatId = randomUUID();
  const second = await complete(test, owner, { chatId: publicChatId, characterId: publicId, text: 'Hello fox' });
  if (second.statusCode !== 200) throw new Error(`completion failed: ${second.body}`);

  const favorite = await test.app.inject({
    method: 'POST',
    url: '/api/favorites/add',
    headers: owner.headers,
    payload: { file_id: publicId },
  });
  if (favorite.statusCode !== 200) throw new Error(`favorite failed: ${favorite.body}`);

  const memoryId = randomUUID();
  const presetId = randomUUID();
  for (const [url, payload] of [
    [`/api/chats/${chatId}/memories/${memoryId}`, { text: 'The owner hides the key.' }],
    [`/api/chats/${chatId}/summary`, { text: 'The owner planned in secret.', off: false }],
    [`/api/chats/${chatId}/ai-settings`, { temperature: 0.6 }],
    [`/api/ai-presets/${presetId}`, { name: 'Secret', settings: { top_p: 0.8 } }],
  ] as const) {
    const written = await test.app.inject({ method: 'PUT', url, headers: owner.headers, payload });
    if (written.statusCode !== 200) throw new Error(`PUT ${url} failed: ${written.body}`);
  }

  const messages = (await getChat(test, owner, { chat_id: chatId, page_size: 100 })).json().data as { id: string }[];
  return {
    owner,
    privateId,
    privatePng,
    publicId,
    chatId,
    completionKey,
    messageIds: messages.map((m) => m.id),
    publicChatId,
    favoriteId: favorite.json().data.id as string,
    personaId,
    memoryId,
    presetId,
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The estate as its owner sees it, read again through the API: cards with their counters and
 * bytes, favorites, chats with every message, and the photo. Two equal snapshots mean nothing the
 * owner can see changed.
 */
export async function ownerView(test: TestApp, estate: Estate) {
  const get = async (url: string) => {
    const response = await test.app.inject({ method: 'GET', url, headers: estate.owner.headers });
    return { status: response.statusCode, body: response.rawPayload };
  };
  const json = async (url: string) => JSON.parse((await get(url)).body.toString('utf8'));
  const chat = async (chatId: string) =>
    (await getChat(test, estate.owner, { chat_id: chatId, page_size: 100 })).json() as { chat: unknown; data: unknown[] };
  const png = async (url: string) => {
    const response = await get(url);
    return { status: response.status, sha256: sha256(response.body) };
  };
  return {
    collection: (await json('/api/collections?limit=100')).data,
    characters: (await json('/api/characters')).data,
    favorites: (await json('/api/favorites/list?page_size=100')).data,
    chats: (await listChats(test, estate.owner, { page_size: 50 })).json().data,
    privateChat: await chat(estate.chatId),
    publicChat: await chat(estate.publicChatId),
    privatePng: await png(`/api/upload/image/user/${estate.privateId}`),
    publicPng: await png(`/api/upload/image/user/${estate.publicId}`),
    privateThumb: await png(`/api/upload/image/thumbnail/${estate.privateId}/240.webp`),
    photo: await png(`/api/chats/photo/${estate.chatId}`),
    personas: (await json('/api/personas')).data,
    personaAvatar: await png(`/api/personas/${estate.personaId}/avatar`),
    prompt: await json(`/api/chats/${estate.chatId}/prompt`),
    memories: await json(`/api/chats/${estate.chatId}/memories`),
    note: await json(`/api/chats/${estate.chatId}/note`),
    summary: await json(`/api/chats/${estate.chatId}/summary`),
    chatAiSettings: await json(`/api/chats/${estate.chatId}/ai-settings`),
    aiSettings: await json('/api/ai-settings'),
  };
}
