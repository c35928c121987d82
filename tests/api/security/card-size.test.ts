/**
 * Issue 16, item 2: card text is bounded and never travels whole where it is not needed. Cards with
 * up to 16 MiB of text used to be accepted; five of them made GET /api/collections answer 40 MB, and
 * one "hi" sent 10.9 MB upstream although the context budget was 8,192 tokens. Now a card's JSON is
 * capped at 2 MiB, every list carries a bounded summary (the whole card comes from the card
 * endpoint), and the prompt keeps every card field inside the budget, measured where it arrives: a
 * fake OpenAI-compatible server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CARD_TOO_LARGE } from '@core/card/index';
import { SUMMARY_LIMITS, TRUNCATION_MARK } from '@core/card/summary';
import { TRUNCATION_MARKER } from '@core/chat/index';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fakeOpenAI';
import { testCardPng } from '../../support/cards';
import { cardTextChunk, pngWith } from '../../unit/card/helpers';
import { upload, userOf, type Uploader } from '../cards';
import { complete } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { blobFiles, rowsOf, userIdOf } from './nothing-written';

const KiB = 1024;
const MiB = 1024 * KiB;
const ADMIN = 'curator@example.com';

/** A card of about 1.9 MiB of JSON: every field long, the name too, {{char}} everywhere, a lorebook that is always on. */
function nearlyTwoMegabyteCard(): Uint8Array {
  const long = (word: string, size: number) => `${word} {{char}} `.repeat(Math.ceil(size / (word.length + 10))).slice(0, size);
  return testCardPng({
    name: `Verbose ${'n'.repeat(5_000)}`,
    description: long('description', 400 * KiB),
    personality: long('personality', 250 * KiB),
    scenario: long('scenario', 250 * KiB),
    first_mes: long('greeting', 250 * KiB),
    mes_example: `<START>\n${long('example', 150 * KiB)}`,
    system_prompt: long('system', 150 * KiB),
    post_history_instructions: long('post', 150 * KiB),
    creator: 'c'.repeat(20 * KiB),
    tags: Array.from({ length: 2_000 }, (_, i) => `tag-${i}-${'t'.repeat(40)}`),
    character_book: { entries: [{ keys: [], constant: true, content: long('lore', 150 * KiB) }] },
  });
}

/** Bytes of a JSON value as the API sends it. */
const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe.each(databases)('card text bounded (%s)', (dialect) => {
  let test: TestApp;
  let fake: FakeOpenAI;
  let admin: Uploader;
  let reader: Uploader;
  let cardId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, {
      ADMIN_EMAILS: ADMIN,
      LLM_BASE_URL: fake.baseUrl,
      LLM_CONTEXT_TOKENS: '8192',
      LLM_MAX_TOKENS: '512',
    });
    admin = await userOf(test, 'curator', ADMIN);
    reader = await userOf(test, 'reader');
    const response = await upload(test, admin, { bytes: nearlyTwoMegabyteCard() }, { public_release: 'true' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    cardId = response.json().data.file_id;
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('refuses a card with 10 MiB of JSON in the spec style, writing nothing', async () => {
    const mallory = await userOf(test, 'mallory-cards');
    const blobs = blobFiles(test);
    const response = await upload(test, mallory, {
      bytes: pngWith(cardTextChunk('chara', { name: 'Huge', description: 'x'.repeat(10 * MiB) })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'card_too_large', message: MESSAGE_CARD_TOO_LARGE });
    expect(MESSAGE_CARD_TOO_LARGE).toBe('Character data exceeds 2MB limit');
    expect(await rowsOf(test, await userIdOf(test, mallory))).toEqual({ images: 0, chats: 0, messages: 0 });
    expect(blobFiles(test)).toEqual(blobs);
  });

  it('sends a bounded summary of the 1.9 MiB card in the gallery, collections, favorites and /api/characters', async () => {
    const whole = await test.app.inject({ method: 'GET', url: `/api/upload/card/${cardId}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBeGreaterThan(1.8 * MiB);
    expect(whole.rawPayload.length).toBeLessThanOrEqual(2 * MiB);

    expect(
      (await test.app.inject({ method: 'POST', url: '/api/favorites/add', headers: reader.headers, payload: { file_id: cardId } }))
        .statusCode,
    ).toBe(200);
    const gallery = await test.app.inject({ method: 'GET', url: '/api/upload/image?limit=20' });
    const searched = await test.app.inject({ method: 'GET', url: '/api/upload/image?limit=20&q=verbose' });
    const collections = await test.app.inject({ method: 'GET', url: '/api/collections', headers: admin.headers });
    const favorites = await test.app.inject({ method: 'GET', url: '/api/favorites/list?page=1&page_size=10', headers: reader.headers });
    const characters = await test.app.inject({ method: 'GET', url: '/api/characters', headers: admin.headers });
    const entries = {
      gallery: gallery.json().data.find((item: { file_id: string }) => item.file_id === cardId),
      search: searched.json().data.find((item: { file_id: string }) => item.file_id === cardId),
      collections: collections.json().data.find((item: { file_id: string }) => item.file_id === cardId),
      favorites: favorites.json().data.find((item: { file_id: string }) => item.file_id === cardId),
      characters: characters.json().data.find((item: { id: string }) => item.id === cardId),
    };
    for (const [list, entry] of Object.entries(entries)) {
      expect(entry, list).toBeDefined();
      // A summary: a few KB however big the card, where it used to be the card's megabytes.
      expect(sizeOf(entry), list).toBeLessThan(12 * KiB);
    }
    const summary = entries.gallery.card_data.data;
    expect(summary.description.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(Array.from(summary.description as string)).toHaveLength(SUMMARY_LIMITS.description);
    expect(summary.tags).toHaveLength(SUMMARY_LIMITS.tags);
    expect(Array.from(entries.gallery.title as string).length).toBeLessThanOrEqual(SUMMARY_LIMITS.name);
    expect(entries.favorites.character_description).toBe(summary.description);
  });

  it('keeps the prompt of a "hi" to that card inside the 8,192-token context, cutting the card with a marker', async () => {
    const before = fake.requests.length;
    const response = await complete(test, reader, { chatId: randomUUID(), characterId: cardId, text: 'hi' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const bytes = Number(sent[0]!.headers['content-length']);
    // 8,192 − 512 tokens of prompt is at most ~27 KB of text at the estimate's 3.5 characters a token.
    expect(bytes).toBeLessThan(40 * KiB);
    const messages = sent[0]!.body.messages as { role: string; content: string }[];
    expect(messages.at(-2)).toEqual({ role: 'user', content: 'hi' });
    expect(messages[0]!.content).toContain(TRUNCATION_MARKER);
    const description = messages.find((message) => message.content.startsWith('description'));
    expect(description?.content.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(messages.at(-1)!.content).toContain(TRUNCATION_MARKER);
  });
});
