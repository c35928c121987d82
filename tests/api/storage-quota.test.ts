/**
 * The storage quota of each plan (core/contract/constants.ts): what counts, what the user sees, and every write
 * that adds bytes refused once it would pass the quota, with a message naming it, and nothing written.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '@core/bytes';
import { STORAGE_QUOTA_BYTES } from '@core/contract/constants';
import { insertChat } from '../../server/db/repositories/chats';
import { blockBytes, messagesStoredBytes } from '../../server/db/repositories/storage';
import { updateUser } from '../../server/db/repositories/users';
import { testCardPng } from '../support/cards';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { upload, userOf, type Uploader } from './cards';
import { appendMessage, chatJsonl, complete, importArchive, listChats, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';
import { rowsOf, userIdOf } from './security/nothing-written';

const MB = 1024 * 1024;
const FREE = STORAGE_QUOTA_BYTES.normal;

describe.each(databases)('storage quota (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let users = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, {
      LLM_BASE_URL: fake.baseUrl,
      IMAGE_BASE_URL: fake.baseUrl,
      RATE_LIMIT_UPLOADS_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const usage = async (user: Uploader) =>
    (await test.app.inject({ method: 'GET', url: '/api/users/storage', headers: user.headers })).json();

  /** A new user whose stored chats already take `bytes` (a chat row standing for what they imported before). */
  async function userWithStored(bytes: number): Promise<{ user: Uploader; id: string; filler: string }> {
    const user = await userOf(test, `quota-user-${(users += 1)}`);
    const id = await userIdOf(test, user);
    const filler = randomUUID();
    const now = new Date().toISOString();
    await insertChat(test.db.kysely, {
      id: filler,
      user_id: id,
      image_id: null,
      character_name: 'Filler',
      card_type: 'user',
      card_json: null,
      portrait_key: null,
      message_count: 0,
      size: bytes,
      last_message_at: now,
      created_at: now,
      updated_at: now,
    });
    return { user, id, filler };
  }

  const archive = (messages: number, chars: number, createDate?: number) =>
    zipSync({
      'chat.jsonl': strToU8(
        chatJsonl(
          'Quota',
          Array.from({ length: messages }, (_, i) => ({ mes: 'q'.repeat(chars), is_user: i % 2 === 0 })),
          createDate,
        ),
      ),
    });

  it('counts private cards, chats and portraits, and shows the plan quota', async () => {
    const user = await userOf(test, 'counted');
    expect(await usage(user)).toEqual({
      plan: 'normal',
      used_bytes: 0,
      quota_bytes: FREE,
      cards_bytes: 0,
      chats_bytes: 0,
      portraits_bytes: 0,
    });

    const png = testCardPng({ name: 'Counted', description: 'x'.repeat(10_000) });
    await ownCard(test, user, png);
    const afterCard = await usage(user);
    // The PNG, its two thumbnails, and the card's text kept beside it.
    expect(afterCard.cards_bytes).toBeGreaterThan(png.length + 10_000);
    expect(afterCard.cards_bytes).toBeLessThan(png.length + 3 * 10_000 + 64 * 1024);

    const imported = await importArchive(test, user, archive(10, 1_000));
    expect(imported.statusCode).toBe(200);
    const afterImport = await usage(user);
    // As stored: rows of about 1.1 KB, three to a page, with their index entries.
    expect(afterImport.chats_bytes).toBe(messagesStoredBytes(10, 10 * 1_000));
    expect(afterImport.chats_bytes).toBe(10 * (1365 + 150));

    const chatId = imported.json().imported[0].chat_id as string;
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/chats/photo', headers: user.headers, payload: { chat_id: chatId } })).statusCode,
    ).toBe(200);
    const photo = await test.app.inject({ method: 'GET', url: `/api/chats/photo/${chatId}`, headers: user.headers });
    const afterPhoto = await usage(user);
    // In whole blocks of the disk, as the file takes them.
    expect(afterPhoto.portraits_bytes).toBe(blockBytes(photo.rawPayload.length));
    expect(afterPhoto.used_bytes).toBe(afterPhoto.cards_bytes + afterPhoto.chats_bytes + afterPhoto.portraits_bytes);
  });

  it('refuses an import, an upload, a message and a portrait once they would pass the quota, writing nothing', async () => {
    const { user, id } = await userWithStored(FREE - MB / 2);
    const rows = await rowsOf(test, id);

    const tooBig = await importArchive(test, user, archive(1_000, 1_000));
    quotaRefusal(tooBig);
    expect((tooBig.json() as { message: string }).message).toContain('512 KB is left');
    const bigCard = testCardPng({ name: 'Too big', description: 'x'.repeat(600 * 1024) });
    quotaRefusal(await upload(test, user, bigCard));
    expect(await rowsOf(test, id)).toEqual(rows);

    // Small writes go on until the quota is reached, then stop too.
    expect((await importArchive(test, user, archive(10, 100))).statusCode).toBe(200);
    await test.db.kysely
      .updateTable('chats')
      .set({ size: FREE })
      .where('user_id', '=', id)
      .where('character_name', '=', 'Filler')
      .execute();
    const chat = (
      await test.db.kysely
        .selectFrom('chats')
        .select('id')
        .where('user_id', '=', id)
        .where('character_name', '=', 'Quota')
        .executeTakeFirstOrThrow()
    ).id;
    const calls = fake.requests.length;
    quotaRefusal(await importArchive(test, user, new Uint8Array([1, 2, 3]))); // refused before the archive is even read
    quotaRefusal(await complete(test, user, { chatId: chat, text: 'one more?' }));
    quotaRefusal(await appendMessage(test, user, { chatId: chat, content: 'and this?' }));
    quotaRefusal(await test.app.inject({ method: 'POST', url: '/api/chats/photo', headers: user.headers, payload: { chat_id: chat } }));
    // Refused before the AI or the image service was asked anything.
    expect(fake.requests.length).toBe(calls);
    expect((await rowsOf(test, id)).messages).toBe(10);
  });

  it('makes room again when something is deleted, and gives a paid plan its larger quota', async () => {
    const { user, id, filler } = await userWithStored(FREE);
    quotaRefusal(await upload(test, user, testCardPng({ name: 'Waiting' })));
    await updateUser(test.db.kysely, id, { plan: 'monthly' });
    expect((await usage(user)).quota_bytes).toBe(STORAGE_QUOTA_BYTES.monthly);
    expect((await upload(test, user, testCardPng({ name: 'Paid room' }))).statusCode).toBe(200);
    await updateUser(test.db.kysely, id, { plan: 'normal' });
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/chats/delete', headers: user.headers, payload: { chat_id: filler } })).statusCode,
    ).toBe(200);
    expect((await upload(test, user, testCardPng({ name: 'Free room' }))).statusCode).toBe(200);
  });

  it('gives a long chat’s room back when it is deleted, its messages gone in steps', async () => {
    const user = await userOf(test, 'long-chat');
    const id = await userIdOf(test, user);
    const imported = await importArchive(test, user, archive(4_500, 20));
    expect((await usage(user)).chats_bytes).toBe(messagesStoredBytes(4_500, 4_500 * 20));
    const chatId = imported.json().imported[0].chat_id as string;
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/chats/delete', headers: user.headers, payload: { chat_id: chatId } })).statusCode,
    ).toBe(200);
    expect(await rowsOf(test, id)).toEqual({ images: 0, chats: 0, messages: 0 });
    expect((await usage(user)).used_bytes).toBe(0);
  });

  it('does not count public cards, which are the gallery’s', async () => {
    const adminTest = await createTestApp(dialect, { ADMIN_EMAILS: 'quota-admin@example.com' });
    try {
      const admin = await userOf(adminTest, 'quota-admin', 'quota-admin@example.com');
      expect((await upload(adminTest, admin, testCardPng({ name: 'Gallery' }), { public_release: 'true' })).statusCode).toBe(200);
      expect((await adminTest.app.inject({ method: 'GET', url: '/api/users/storage', headers: admin.headers })).json().cards_bytes).toBe(0);
    } finally {
      await adminTest.close();
    }
  });

  it("hides an import's chats until they are whole, and sweeps away those a crash left behind", async () => {
    const { user, id, filler } = await userWithStored(10 * MB);
    // The filler stands for an import that stopped 20 minutes ago, half written.
    const stopped = new Date(Date.now() - 20 * 60 * 1000).toISOString();
    await test.db.kysely.updateTable('chats').set({ importing_since: stopped }).where('id', '=', filler).execute();
    expect((await listChats(test, user)).json().data).toEqual([]);
    expect((await usage(user)).chats_bytes).toBe(0);
    expect((await importArchive(test, user, archive(2, 10))).statusCode).toBe(200);
    expect(await test.db.kysely.selectFrom('chats').select('id').where('id', '=', filler).execute()).toEqual([]);
    expect((await listChats(test, user)).json().data).toHaveLength(1);
    expect((await rowsOf(test, id)).chats).toBe(1);
  });

  it('lets only one of two imports racing for the last room through', async () => {
    const { user, id } = await userWithStored(FREE - 3 * MB);
    // Two chats (another start date each): one file twice would be one chat, already here the second time.
    const answers = await Promise.all([
      importArchive(test, user, archive(2_000, 1_000, Date.UTC(2024, 0, 1))),
      importArchive(test, user, archive(2_000, 1_000, Date.UTC(2024, 0, 2))),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    expect((await rowsOf(test, id)).messages).toBe(2_000);
    expect((await usage(user)).used_bytes).toBeLessThanOrEqual(FREE);
  });
});

/** 413 `storage_quota`, naming the Free plan's quota and pointing at Pricing. */
function quotaRefusal(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(413);
  const body = response.json() as { error: string; message: string };
  expect(body.error).toBe('storage_quota');
  expect(body.message).toContain(`Free plan stores up to ${formatBytes(FREE)}`);
  expect(body.message).toContain('Pricing');
}
