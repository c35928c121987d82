import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCard, writeCard, type Card } from '@core/card/index';
import { cardFromDraft, emptyDraft } from '../../src/features/editor/model/draft';
import { newLoreEntry } from '../../src/features/editor/model/lorebookDraft';
import { STORAGE_QUOTA_BYTES } from '@core/contract/constants';
import { insertChat } from '../../server/db/repositories/chats';
import { updateUser } from '../../server/db/repositories/users';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { testCard } from '../support/cards';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { complete } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'editor-admin@example.com';
const DEFAULT_PORTRAIT = new Uint8Array(fs.readFileSync(path.resolve('public/default-avatar.png')));

/** A card that carries what the editor never shows: unknown fields everywhere, a lorebook with extras. */
function richCard(name: string): Card {
  const card = testCard({
    name,
    description: 'The old description.',
    extensions: { depth_prompt: { prompt: 'Stay in the tower.', depth: 4 }, 'x-risu': { keep: [1, 2, 3] } },
    character_book: {
      name: 'Tower lore',
      scan_depth: 6,
      token_budget: 900,
      extensions: { world: 'tower' },
      entries: [
        {
          id: 7,
          keys: ['moonstone'],
          content: 'The moonstone glows when lies are told.',
          enabled: true,
          insertion_order: 10,
          comment: 'kept comment',
          priority: 3,
          // SillyTavern keeps a probability the entry does not use: kept here too, and the prompt stays certain.
          extensions: { probability: 80, useProbability: false, case_sensitive: null },
        },
      ],
    },
    tavern_unknown: 'kept data field',
  });
  return { ...card, create_date: '2024-1-1 @10h 00m 00s', avatar: 'none' };
}

describe.each(databases)('editing a card: PUT /api/upload/card/{file_id} (%s)', (dialect) => {
  let test: TestApp;
  let fake: FakeOpenAI;
  let owner: Uploader;
  let stranger: Uploader;
  let admin: Uploader;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN, LLM_BASE_URL: fake.baseUrl, RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    owner = await userOf(test, 'editor-owner');
    stranger = await userOf(test, 'editor-stranger');
    admin = await userOf(test, 'editor-admin', ADMIN);
    // The owner writes many cards here; the slot rule has a test of its own below.
    const profile = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: owner.headers });
    await updateUser(test.db.kysely, profile.json().uid, { plan: 'yearly' });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const get = (url: string, user?: Uploader) => test.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const put = (user: Uploader, id: string, body: unknown) =>
    test.app.inject({ method: 'PUT', url: `/api/upload/card/${id}`, headers: user.headers, payload: body as Record<string, unknown> });

  async function uploaded(user: Uploader, png: Uint8Array, fields: Record<string, string> = {}) {
    const response = await upload(test, user, png, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { file_id: string; url: string; thumbnail_url: string };
  }

  async function storedCard(user: Uploader, id: string): Promise<Card> {
    return (await get(`/api/upload/card/${id}`, user)).json() as Card;
  }

  async function storedPng(user: Uploader, url: string): Promise<Uint8Array> {
    const response = await get(url, user);
    expect(response.statusCode).toBe(200);
    return new Uint8Array(response.rawPayload);
  }

  function blobFiles(): string[] {
    const root = path.join(test.dataDir, 'blobs');
    return fs
      .readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => /\.(png|webp)$/.test(file));
  }

  async function pngDataUrl(width: number, height: number): Promise<string> {
    const png = await sharp({ create: { width, height, channels: 4, background: { r: 30, g: 90, b: 160, alpha: 1 } } })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  }

  it('rewrites the PNG under the same file id, keeping every field the editor does not show', async () => {
    const item = await uploaded(owner, cardPng(richCard('Ilse of the Tower').data));
    const before = await storedCard(owner, item.file_id);
    const data = { ...before.data, name: 'Ilse the Astronomer', description: 'The new description.', tags: ['astronomy'] };

    const response = await put(owner, item.file_id, { data });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ success: true, message: 'Character saved' });
    expect(saved.data).toMatchObject({ file_id: item.file_id, display_title: 'Ilse the Astronomer', is_public: 0 });
    // Image URLs name the new revision, so caches that keep them forever fetch the new card.
    expect(saved.data.url).toMatch(new RegExp(`^/api/upload/image/user/${item.file_id}\\?v=[0-9a-f]{12}$`));

    const card = await storedCard(owner, item.file_id);
    expect(card.data).toMatchObject({ name: 'Ilse the Astronomer', description: 'The new description.', tags: ['astronomy'] });
    expect(card.data.extensions).toEqual(before.data.extensions);
    expect(card.data.character_book).toEqual(before.data.character_book);
    expect(card.data.tavern_unknown).toBe('kept data field');

    const png = await storedPng(owner, saved.data.url);
    const read = readCard(png);
    expect(read.card).toEqual(card);
    // The picture's own pixels and size did not change: only the card chunks did.
    expect([read.width, read.height]).toEqual([4, 6]);
  });

  it('keeps the top-level fields another tool wrote, and an edited lorebook entry keeps its unshown fields', async () => {
    const original = richCard('Top Level Tova');
    const item = await uploaded(owner, writeCard(DEFAULT_PORTRAIT, original));
    const before = await storedCard(owner, item.file_id);
    expect(before.create_date).toBe('2024-1-1 @10h 00m 00s');
    const book = structuredClone(before.data.character_book!) as { entries: Record<string, unknown>[] };
    book.entries[0]!.content = 'The moonstone hums.';

    const response = await put(owner, item.file_id, { data: { ...before.data, character_book: book } });
    expect(response.statusCode, response.body).toBe(200);
    const card = await storedCard(owner, item.file_id);
    expect(card.create_date).toBe('2024-1-1 @10h 00m 00s');
    expect(card.avatar).toBe('none');
    const entry = (card.data.character_book as { entries: Record<string, unknown>[] }).entries[0]!;
    expect(entry).toMatchObject({
      id: 7,
      comment: 'kept comment',
      priority: 3,
      content: 'The moonstone hums.',
      extensions: { probability: 80 },
    });
  });

  it("refuses another user's card and an unknown id with 404, changing nothing", async () => {
    const item = await uploaded(owner, cardPng({ name: 'Mine Only' }));
    const before = await storedPng(owner, item.url);
    const theirs = await put(stranger, item.file_id, { data: { name: 'Taken Over' } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'not_found', message: 'Image not found' });
    expect(await storedPng(owner, item.url)).toEqual(before);
    expect((await put(owner, randomUUID(), { data: { name: 'Nobody' } })).statusCode).toBe(404);
    // A public card of someone else's is not theirs to edit either.
    const published = await uploaded(admin, cardPng({ name: 'Public Pia' }), { public_release: 'true' });
    expect((await put(owner, published.file_id, { data: { name: 'Mine Now' } })).statusCode).toBe(404);
    expect((await put(owner, item.file_id, { data: { name: 'x' } })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const item = await uploaded(owner, cardPng({ name: 'Strict Stan' }));
    const before = await storedPng(owner, item.url);
    const cases: [unknown, RegExp][] = [
      [{ data: { name: '   ' } }, /data\/name/],
      [{ data: { description: 'no name' } }, /name/],
      [{ data: { name: 'Stan', tags: 'one, two' } }, /data\/tags/],
      [{ data: { name: 'Stan', alternate_greetings: [1] } }, /data\/alternate_greetings\/0/],
      [{ data: { name: 'Stan', character_book: { entries: [{ keys: 'moon', content: 'x' }] } } }, /data\/character_book\/entries\/0\/keys/],
      [{ data: { name: 'Stan', extensions: [] } }, /data\/extensions/],
      [{ data: { name: 'Stan' }, surprise: true }, /surprise|additional/],
      [{ data: { name: 'Stan' }, image: 'data:image/jpeg;base64,AAAA' }, /PNG/],
    ];
    for (const [body, field] of cases) {
      const response = await put(owner, item.file_id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(field);
    }
    // Nesting past the codec's limit is refused as an upload's would be.
    let deep: unknown = 'bottom';
    for (let i = 0; i < 70; i++) deep = { deeper: deep };
    const tooDeep = await put(owner, item.file_id, { data: { name: 'Stan', extensions: { deep } } });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error).toBe('too_deep');
    expect(await storedPng(owner, item.url)).toEqual(before);
  });

  it('counts nothing against the plan: a Free user with every slot taken still edits, and the sixth upload is still refused', async () => {
    const full = await userOf(test, 'editor-full');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await uploaded(full, cardPng({ name: `Slot ${i}` }))).file_id);
    const edited = await put(full, ids[0]!, { data: { name: 'Slot zero, renamed' } });
    expect(edited.statusCode).toBe(200);
    const sixth = await upload(test, full, cardPng({ name: 'Sixth' }));
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error).toBe('slot_limit');
    const collections = (await get('/api/collections', full)).json();
    expect(collections.total).toBe(5);
  });

  it("counts a private card's growth against the plan's storage: what it stores follows the edit, and an edit past the quota is refused whole", async () => {
    const user = await userOf(test, 'editor-quota');
    const usage = async () => (await get('/api/users/storage', user)).json() as { used_bytes: number; cards_bytes: number };
    const item = await uploaded(user, cardPng({ name: 'Quota Quinn', description: 'short' }));
    const before = await usage();

    const grown = await put(user, item.file_id, { data: { name: 'Quota Quinn', description: 'g'.repeat(50_000) } });
    expect(grown.statusCode, grown.body).toBe(200);
    const after = await usage();
    // The text as stored: the PNG's two base64 chunks, the card's JSON and the lists' summary.
    expect(after.cards_bytes - before.cards_bytes).toBeGreaterThan(3 * 50_000);
    expect(after.cards_bytes - before.cards_bytes).toBeLessThan(6 * 50_000);

    // Chats fill the rest of the Free plan's room, so the next growth does not fit.
    const profile = (await get('/api/users/profile', user)).json();
    const now = new Date().toISOString();
    await insertChat(test.db.kysely, {
      id: randomUUID(),
      user_id: profile.uid,
      image_id: null,
      character_name: 'Filler',
      card_type: 'user',
      card_json: null,
      portrait_key: null,
      message_count: 0,
      size: STORAGE_QUOTA_BYTES.normal - after.used_bytes - 1_000,
      last_message_at: now,
      created_at: now,
      updated_at: now,
    });
    const refused = await put(user, item.file_id, { data: { name: 'Quota Quinn', description: 'h'.repeat(100_000) } });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe('storage_quota');
    expect((await storedCard(user, item.file_id)).data.description).toBe('g'.repeat(50_000));
    // A smaller card still saves: an edit that frees room is never refused.
    const shrunk = await put(user, item.file_id, { data: { name: 'Quota Quinn', description: 'small again' } });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
  });

  it('gives the card a new picture: new thumbnails under new URLs, and the old blobs gone', async () => {
    const item = await uploaded(owner, cardPng({ name: 'Repainted Rue' }));
    const oldFiles = blobFiles().filter((file) => file.includes(item.file_id));
    expect(oldFiles).toHaveLength(3);
    const response = await put(owner, item.file_id, { data: { name: 'Repainted Rue' }, image: await pngDataUrl(40, 60) });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect([data.width, data.height, data.aspect_ratio]).toEqual([40, 60, '2:3']);
    expect(data.thumbnail_url).toMatch(/\/240\.webp\?v=[0-9a-f]{12}$/);
    const files = blobFiles().filter((file) => file.includes(item.file_id));
    expect(files).toHaveLength(3);
    expect(files.some((file) => oldFiles.includes(file))).toBe(false);
    const thumbnail = await get(data.thumbnail_url, owner);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(readCard(await storedPng(owner, data.url)).card.data.name).toBe('Repainted Rue');
  });

  it('leaves the stored card whole when the save fails after writing its blobs', async () => {
    const first = await uploaded(owner, cardPng({ name: 'Twin A' }));
    const second = await uploaded(owner, cardPng({ name: 'Twin B' }));
    const firstPng = await storedPng(owner, first.url);
    const twin = { data: readCard(firstPng).card.data, image: `data:image/png;base64,${Buffer.from(firstPng).toString('base64')}` };
    // Saved once as it is, the first card holds exactly what the same edit of the second would write.
    expect((await put(owner, first.file_id, twin)).statusCode).toBe(200);
    const filesBefore = blobFiles();
    // So the edit makes the second card the first's bytes: the row's unique (owner, sha256) refuses it in the transaction.
    const response = await put(owner, second.file_id, twin);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('duplicate');
    expect(blobFiles().sort()).toEqual(filesBefore.sort());
    expect(readCard(await storedPng(owner, second.url)).card.data.name).toBe('Twin B');
  });

  it('lets two saves race: one wins whole, the other is told, and no blob is left behind', async () => {
    const item = await uploaded(owner, cardPng({ name: 'Raced Ray' }));
    const answers = await Promise.all([
      put(owner, item.file_id, { data: { name: 'Ray One', description: 'first' } }),
      put(owner, item.file_id, { data: { name: 'Ray Two', description: 'second' } }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const loser = answers.find((answer) => answer.statusCode === 409);
    if (loser) expect(loser.json().error).toBe('changed_meanwhile');
    const collections = (await get('/api/collections?limit=100', owner)).json().data as {
      file_id: string;
      url: string;
      display_title: string;
    }[];
    const current = collections.find((entry) => entry.file_id === item.file_id)!;
    expect(['Ray One', 'Ray Two']).toContain(current.display_title);
    expect(readCard(await storedPng(owner, current.url)).card.data.name).toBe(current.display_title);
    expect(blobFiles().filter((file) => file.startsWith(`cards/${item.file_id}`))).toHaveLength(1);
  });

  it("renames the card's chats, and the next prompt carries the new description and its lorebook entry", async () => {
    const item = await uploaded(owner, cardPng(richCard('Prompted Pell').data));
    const chatId = randomUUID();
    expect((await complete(test, owner, { chatId, characterId: item.file_id, text: 'Hello there.' })).statusCode).toBe(200);
    const before = await storedCard(owner, item.file_id);
    const edited = await put(owner, item.file_id, {
      data: { ...before.data, name: 'Pell the Renamed', description: 'Pell now keeps bees.' },
    });
    expect(edited.statusCode).toBe(200);

    const chats = await test.app.inject({
      method: 'POST',
      url: '/api/chats/list',
      headers: owner.headers,
      payload: { character_id: item.file_id },
    });
    expect(chats.json().data.map((chat: { character_name: string }) => chat.character_name)).toEqual(['Pell the Renamed']);

    expect((await complete(test, owner, { chatId, text: 'Is that a moonstone?' })).statusCode).toBe(200);
    const system = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(system).toContain('Pell now keeps bees.');
    expect(system).not.toContain('The old description.');
    expect(system).toContain('The moonstone glows when lies are told.');
  });

  it('lets an administrator publish from the editor, refuses it to anyone else, and the gallery shows the edit at once', async () => {
    const mine = await uploaded(owner, cardPng({ name: 'Hopeful Hana' }));
    const refused = await put(owner, mine.file_id, { data: { name: 'Hopeful Hana' }, public_release: true });
    expect(refused.statusCode).toBe(403);

    const draft = await uploaded(admin, cardPng({ name: 'Gallery Gus' }));
    await get('/api/upload/image?limit=20&offset=0');
    const published = await put(admin, draft.file_id, { data: { name: 'Gallery Gus the Great' }, public_release: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ is_public: 1 });
    expect(published.json().data.url).toMatch(new RegExp(`^/api/upload/image/${draft.file_id}\\?v=`));
    const gallery = (await get('/api/upload/image?limit=20&offset=0')).json().data as { file_id: string; title: string }[];
    expect(gallery.find((entry) => entry.file_id === draft.file_id)?.title).toBe('Gallery Gus the Great');
    // The public PNG under its new URL is the edited card.
    const png = await get(published.json().data.url);
    expect(readCard(new Uint8Array(png.rawPayload)).card.data.name).toBe('Gallery Gus the Great');
  });

  it("uploads a PNG the browser's editor wrote with core/card, lorebook and all", async () => {
    const draft = emptyDraft('Browser Bea');
    draft.text.name = 'Written Here';
    draft.text.description = '{{char}} was written in the editor.';
    draft.text.first_mes = 'Hello, {{user}}!';
    draft.alternate_greetings = ['Another hello.'];
    const entry = newLoreEntry([]);
    draft.lorebook = [{ ...entry, keys: ['lantern'], content: 'The lantern never goes out.' }];
    const card = cardFromDraft(draft, null);
    const item = await uploaded(owner, writeCard(DEFAULT_PORTRAIT, card));
    expect(item).toMatchObject({ display_title: 'Written Here', width: 512, height: 768, aspect_ratio: '2:3' });
    expect(await storedCard(owner, item.file_id)).toEqual(card);
  });

  it("tells the editor the prompt's room: the context and the reply's share", async () => {
    const config = (await get('/api/config')).json();
    expect(config).toMatchObject({ context_tokens: 8192, reply_tokens: 512 });
  });
});
