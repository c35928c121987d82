import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, readCard } from '@core/card/index';
import { parseChatJsonl } from '@core/chat/sillytavern';
import { deletionMessages } from '../../server/services/account/deletion';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { refresh, signedUp, type SignedIn } from './account-tokens';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { complete, deletionFinished, editMessage, exportAccount, exportChat, getChat } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';
import { OidcBrowser, pkce, startSignIn } from './oidc-browser';

const stores = ['files', 's3'] as const;
const cases = databases.flatMap((dialect) => stores.map((store) => [dialect, store] as const));

describe.each(cases)('export and deletion of an account (%s, %s)', (dialect, store) => {
  let test: TestApp;
  let s3: TestS3Server | undefined;
  let ada: SignedIn;
  let bob: Uploader;
  const adaCards: string[] = [];
  let adaPublic: string;
  let bobCard: string;
  let bobChat: string;
  let swipedChat: string;
  let personaChat: string;
  let personaId: string;

  const blobKeys = async (): Promise<string[]> => {
    if (s3) return s3.keys();
    const root = path.join(test.dataDir, 'blobs');
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  };
  const chatWith = async (user: { headers: { authorization: string } }, cardId: string, texts: string[]) => {
    const chatId = randomUUID();
    for (const text of texts) {
      const sent = await complete(test, { token: '', headers: user.headers }, { chatId, characterId: cardId, text });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    return chatId;
  };

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3Server() : undefined;
    test = await createTestApp(dialect, { ...(s3?.env ?? {}), ADMIN_EMAILS: 'ada@example.com', LLM_DEMO_WORD_DELAY_MS: '0' });
    ada = await signedUp(test, 'ada');
    const adaUploader = { token: ada.access, headers: ada.headers };
    for (const name of ['Aqua', 'Aqua', 'Zed Ølsen']) {
      const uploaded = await upload(test, adaUploader, cardPng({ name, description: `${name} ${adaCards.length}` }));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      adaCards.push(uploaded.json().data.file_id);
    }
    adaPublic = (
      await upload(test, adaUploader, cardPng({ name: 'Published', description: 'In the gallery' }), { public_release: 'true' })
    ).json().data.file_id;
    await chatWith(ada, adaCards[0]!, ['hello', 'how are you?']);
    swipedChat = await chatWith(ada, adaCards[0]!, ['again']);
    // A reply with two versions, and an edit made under an Idempotency-Key (a message_changes row).
    expect((await complete(test, adaUploader, { chatId: swipedChat, regenerate: true })).statusCode).toBe(200);
    const [asked] = (await getChat(test, adaUploader, { chat_id: swipedChat })).json().data as { id: string }[];
    expect((await editMessage(test, adaUploader, asked!.id, { content: 'again, edited' }, randomUUID())).statusCode).toBe(200);
    // Ada looks at her published card: a card_hits row naming her account, on a card that outlives her.
    expect((await test.app.inject({ method: 'GET', url: `/api/characters/${adaPublic}`, headers: ada.headers })).statusCode).toBe(200);
    personaChat = await chatWith(ada, adaCards[2]!, ['hej']);
    // A persona with a picture, which that chat speaks as.
    const avatar = `data:image/png;base64,${Buffer.from(makePng({ width: 8, height: 8, rgba: new Uint8Array(8 * 8 * 4).fill(120) })).toString('base64')}`;
    const persona = await test.app.inject({
      method: 'POST',
      url: '/api/personas',
      headers: ada.headers,
      payload: { name: 'Nova', description: 'A pilot.', avatar, is_default: true },
    });
    expect(persona.statusCode, persona.body).toBe(201);
    personaId = persona.json().id;
    expect(
      (await test.app.inject({ method: 'PUT', url: `/api/chats/${personaChat}`, headers: ada.headers, payload: { persona_id: personaId } }))
        .statusCode,
    ).toBe(200);

    bob = await userOf(test, 'bob');
    bobCard = (await upload(test, bob, cardPng({ name: 'Bob’s own' }))).json().data.file_id;
    bobChat = await chatWith(bob, bobCard, ['bob here']);
    for (const [user, fileId] of [
      [ada, adaPublic],
      [bob, adaPublic],
    ] as const) {
      const added = await test.app.inject({
        method: 'POST',
        url: '/api/favorites/add',
        headers: user.headers,
        payload: { file_id: fileId, image_type: 'public', character_name: 'x', character_description: '', tags: [] },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
  });
  afterAll(async () => {
    await test.close();
    await s3?.close();
  });

  it('exports every card, chat and favorite in one zip that reads back', async () => {
    const response = await exportAccount(test, ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(/attachment; filename="cardchat-export-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries).sort();
    expect(names.filter((n) => n.startsWith('cards/'))).toHaveLength(4);
    expect(names.filter((n) => n.startsWith('chats/'))).toHaveLength(3);
    expect(names).toContain('README.txt');
    expect(new TextDecoder().decode(entries['README.txt'])).toContain('profile.json');

    const profile = JSON.parse(new TextDecoder().decode(entries['profile.json']));
    expect(profile.account).toMatchObject({ email: 'ada@example.com', name: 'User ada', is_admin: true });
    expect(profile.plan).toMatchObject({ id: 'normal' });
    expect(profile.favorites).toEqual([expect.objectContaining({ file_id: adaPublic, name: 'Published' })]);
    expect(profile.cards).toHaveLength(4);
    expect(profile.chats).toHaveLength(3);
    // Two cards named alike get two files, each listed where it is.
    expect(new Set(profile.cards.map((c: { file: string }) => c.file)).size).toBe(4);

    for (const card of profile.cards as { file: string; name: string; file_id: string }[]) {
      expect(readCard(entries[card.file]!).card.data.name).toBe(card.name);
    }
    const messages = (profile.chats as { file: string; message_count: number }[]).map((chat) => {
      const parsed = parseChatJsonl(new TextDecoder().decode(entries[chat.file]), { fileName: chat.file });
      expect(parsed.messages).toHaveLength(chat.message_count);
      return parsed;
    });
    expect(
      messages
        .map((m) => m.messages.filter((line) => line.role === 'user').map((line) => line.content))
        .flat()
        .sort(),
    ).toEqual(['again, edited', 'hej', 'hello', 'how are you?']);
    // Each chat file names the user as the chat speaks: the persona's chat as Nova.
    const userNames = (profile.chats as { chat_id: string }[]).map((chat, i) => [chat.chat_id, messages[i]!.userName]);
    expect(userNames.filter(([, name]) => name !== 'User ada')).toEqual([[personaChat, 'Nova']]);
    expect(profile.personas).toEqual([
      {
        id: personaId,
        name: 'Nova',
        description: 'A pilot.',
        is_default: true,
        created_at: expect.any(String),
        avatar: 'personas/Nova.webp',
      },
    ]);
    expect(entries['personas/Nova.webp']!.length).toBeGreaterThan(0);
    expect(profile.chats.find((chat: { chat_id: string }) => chat.chat_id === personaChat).persona_id).toBe(personaId);

    // A chat is written as the chat export writes it, a reply's versions (swipes) included.
    const swiped = (profile.chats as { chat_id: string; file: string }[]).find((chat) => chat.chat_id === swipedChat)!;
    const single = unzipSync(new Uint8Array((await exportChat(test, { token: ada.access, headers: ada.headers }, swipedChat)).rawPayload));
    const singleJsonl = Object.entries(single).find(([name]) => name.endsWith('.jsonl'))![1];
    expect(new TextDecoder().decode(entries[swiped.file])).toBe(new TextDecoder().decode(singleJsonl));
    expect(parseChatJsonl(new TextDecoder().decode(entries[swiped.file])).messages[1]!.swipes).toHaveLength(2);

    // Bob's export holds Bob's only.
    const bobs = unzipSync(new Uint8Array((await exportAccount(test, bob)).rawPayload));
    expect(Object.keys(bobs).filter((n) => n.startsWith('cards/') || n.startsWith('chats/'))).toHaveLength(2);
  });

  it('refuses a deletion whose confirmation is not the account’s own e-mail, Bob’s attempt on Ada included', async () => {
    const wrong = await test.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: ada.headers,
      payload: { confirmation: 'ada@example.org' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'confirmation_mismatch', message: deletionMessages.mismatch });
    const bobTries = await test.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bob.headers,
      payload: { confirmation: 'ada@example.com' },
    });
    expect(bobTries.statusCode).toBe(400);
    expect((await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: ada.headers })).statusCode).toBe(200);
  });

  it('deletes every row and blob of the account, keeps the published card and everything of Bob', async () => {
    const before = await blobKeys();
    const db = test.db.kysely;
    const adaUser = (await db.selectFrom('users').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow()).id;
    const adaChats = (await db.selectFrom('chats').select('id').where('user_id', '=', adaUser).execute()).map((c) => c.id);
    expect(await db.selectFrom('message_changes').select('chat_id').where('user_id', '=', adaUser).execute()).toHaveLength(1);
    expect(
      await db.selectFrom('card_hits').select('image_id').where('viewer', 'like', `%${adaUser}%`).where('kind', '=', 'view').execute(),
    ).toHaveLength(1);

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: ada.headers,
      payload: { confirmation: ' ADA@example.com ' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: deletionMessages.deleted, sign_in_account: 'deleted' });
    // Refused at once, before the data is gone; the refresh token fails too.
    expect((await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: ada.headers })).statusCode).toBe(401);
    expect((await refresh(test, ada.refresh)).json().error).toBe('invalid_grant');
    await deletionFinished(test, adaUser);

    expect(await db.selectFrom('users').select('id').where('id', '=', adaUser).execute()).toEqual([]);
    expect(await db.selectFrom('local_accounts').select('id').where('email', '=', 'ada@example.com').execute()).toEqual([]);
    expect(await db.selectFrom('chats').select('id').where('user_id', '=', adaUser).execute()).toEqual([]);
    expect(await db.selectFrom('messages').select('id').where('chat_id', 'in', adaChats).execute()).toEqual([]);
    expect(await db.selectFrom('completion_requests').select('chat_id').where('user_id', '=', adaUser).execute()).toEqual([]);
    expect(await db.selectFrom('favorites').select('image_id').where('user_id', '=', adaUser).execute()).toEqual([]);
    expect(await db.selectFrom('message_changes').select('chat_id').where('user_id', '=', adaUser).execute()).toEqual([]);
    expect(await db.selectFrom('card_hits').select('image_id').where('viewer', 'like', `%${adaUser}%`).execute()).toEqual([]);
    expect(await db.selectFrom('images').select('id').where('id', 'in', adaCards).execute()).toEqual([]);
    expect(await db.selectFrom('personas').select('id').where('user_id', '=', adaUser).execute()).toEqual([]);
    expect(await db.selectFrom('oidc_payloads').select('id').where('payload', 'like', '%ada@example.com%').execute()).toEqual([]);
    expect(
      await db.selectFrom('account_deletions').select(['finished_at']).where('user_id', '=', adaUser).executeTakeFirstOrThrow(),
    ).toMatchObject({ finished_at: expect.any(String) });

    const after = await blobKeys();
    for (const id of adaCards) expect(after.filter((key) => key.includes(id))).toEqual([]);
    expect(after.filter((key) => key.startsWith('personas/'))).toEqual([]);
    // Three blobs a card, the persona's picture, and the file of Ada's export; Bob's export stays his.
    expect(after.length).toBe(before.length - adaCards.length * 3 - 1 - 1);
    expect(after.filter((key) => key.startsWith('jobs/'))).toHaveLength(1);
    expect(await db.selectFrom('jobs').select('kind').where('user_id', '=', adaUser).execute()).toEqual([{ kind: 'account_deletion' }]);
    expect(after.filter((key) => key.includes(bobCard))).toHaveLength(3);

    // The published card stays in the gallery (under the gallery's own account), Bob's favorite of it too.
    const gallery = await test.app.inject({ method: 'GET', url: `/api/upload/image/${adaPublic}` });
    expect(gallery.statusCode).toBe(200);
    expect(
      (await db.selectFrom('images').select('favorite_count').where('id', '=', adaPublic).executeTakeFirstOrThrow()).favorite_count,
    ).toBe(1);
    const bobsChat = await test.app.inject({ method: 'POST', url: '/api/chats/get', headers: bob.headers, payload: { chat_id: bobChat } });
    expect(bobsChat.statusCode).toBe(200);
    expect(bobsChat.json().data.length).toBeGreaterThan(0);

    // The sign-in account is gone: the old password opens nothing.
    const browser = new OidcBrowser(test.app);
    const interaction = await startSignIn(browser, pkce().challenge);
    expect((await browser.request('POST', interaction, { email: ada.who.email, password: ada.who.password })).statusCode).toBe(400);
  });
});
