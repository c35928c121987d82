/**
 * Branches: POST /api/chats/{chat_id}/branches makes a new chat from a chat's history up to one of
 * its messages (versions, Stop and hidden marks, the persona kept), once per client-made id; another
 * user's chat is 404; SillyTavern's `main_chat` goes out with the export and comes back on import.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, RecentChat } from '@core/contract';
import { storageQuota } from '@core/contract/constants';
import { testCardPng } from '../support/cards';
import { userOf, type Uploader } from './cards';
import { chatJsonl, complete, exportChat, getChat, importArchive, listChats, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

describe.each(databases)('chat branches (%s)', (dialect) => {
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let origin: string;
  let history: ChatMessage[];
  let personaId: string;

  const branch = (user: Uploader, chatId: string, body: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/chats/${chatId}/branches`, headers: user.headers, payload: body });
  const messagesOf = async (user: Uploader, chatId: string): Promise<ChatMessage[]> =>
    (await getChat(test, user, { chat_id: chatId, page_size: 100 })).json().data;
  const listed = async (user: Uploader): Promise<RecentChat[]> => (await listChats(test, user, { page_size: 50 })).json().data;
  /** A message as a branch copies it: all but its id, its chat and the send's key. */
  const kept = ({ id: _id, chat_id: _chat, client_id: _key, ...copied }: ChatMessage) => copied;

  beforeAll(async () => {
    test = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    alice = await userOf(test, 'alice');
    bob = await userOf(test, 'bob');
    const card = await ownCard(test, alice, testCardPng({ name: 'Aqua', first_mes: 'Hello, traveller.' }));
    origin = randomUUID();
    personaId = (await test.app.inject({ method: 'POST', url: '/api/personas', headers: alice.headers, payload: { name: 'Nova' } })).json()
      .id;
    expect((await complete(test, alice, { chatId: origin, characterId: card, text: 'one', personaId, greetingIndex: 0 })).statusCode).toBe(
      200,
    );
    expect((await complete(test, alice, { chatId: origin, regenerate: true })).statusCode).toBe(200);
    expect((await complete(test, alice, { chatId: origin, text: 'two' })).statusCode).toBe(200);
    history = await messagesOf(alice, origin);
    // The first reply: two versions, the second shown and ended by a Stop; the user's first message hidden.
    await test.db.kysely.updateTable('messages').set({ stopped_swipe: 1 }).where('id', '=', history[2]!.id).execute();
    await test.db.kysely.updateTable('messages').set({ hidden: 1 }).where('id', '=', history[1]!.id).execute();
    history = await messagesOf(alice, origin);
  });
  afterAll(() => test.close());

  it('copies the history up to the message, with its versions, marks and persona, named with a branch number', async () => {
    expect(history).toHaveLength(5);
    expect(history[2]).toMatchObject({ swipe_id: 1, stopped_swipe: 1 });
    expect(history[2]!.swipes).toHaveLength(2);
    const id = randomUUID();
    const made = await branch(alice, origin, { id, message_id: history[2]!.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      chat_id: id,
      title: 'Aqua (branch 1)',
      branch_of: origin,
      branch_of_name: 'Aqua',
      persona_id: personaId,
      message_count: 3,
    });
    const copied = await messagesOf(alice, id);
    expect(copied.map(kept)).toEqual(history.slice(0, 3).map(kept));
    expect(new Set(copied.map((m) => m.id)).size).toBe(3);
    expect(copied.some((m) => history.some((h) => h.id === m.id))).toBe(false);
    // The original is as it was.
    expect(await messagesOf(alice, origin)).toEqual(history);

    const second = await branch(alice, origin, { id: randomUUID(), message_id: history[0]!.id });
    expect(second.json()).toMatchObject({ title: 'Aqua (branch 2)', message_count: 1 });
    const named = await branch(alice, origin, { id: randomUUID(), message_id: history[4]!.id, title: '  The  other road ' });
    expect(named.json()).toMatchObject({ title: 'The other road', message_count: 5 });
    // A branch of a branch counts among its family.
    const nested = await branch(alice, id, { id: randomUUID(), message_id: copied[1]!.id });
    expect(nested.json()).toMatchObject({ title: 'Aqua (branch 3)', branch_of: id, branch_of_name: 'Aqua (branch 1)' });
  });

  it('makes a branch once per id, however often the request comes', async () => {
    const id = randomUUID();
    const body = { id, message_id: history[3]!.id };
    const answers = await Promise.all([branch(alice, origin, body), branch(alice, origin, body), branch(alice, origin, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().chat_id))).toEqual(new Set([id]));
    expect((await listed(alice)).filter((chat) => chat.chat_id === id)).toHaveLength(1);
    expect(await messagesOf(alice, id)).toHaveLength(4);
    // The id taken by another chat: refused, nothing changed.
    const other = await branch(alice, origin, { id: origin, message_id: history[0]!.id });
    expect(other.statusCode).toBe(409);
    expect(await messagesOf(alice, origin)).toEqual(history);
  });

  it("is 404 for another user's chat, a message of another chat, or nothing", async () => {
    const chatsBefore = await listed(alice);
    expect((await branch(bob, origin, { id: randomUUID(), message_id: history[2]!.id })).statusCode).toBe(404);
    const otherChat = chatsBefore.find((chat) => chat.chat_id !== origin)!.chat_id;
    const stranger = await branch(alice, otherChat, { id: randomUUID(), message_id: history[2]!.id });
    expect(stranger.statusCode).toBe(404);
    expect((await branch(alice, randomUUID(), { id: randomUUID(), message_id: history[2]!.id })).statusCode).toBe(404);
    expect((await branch(alice, origin, { id: 'not an id', message_id: history[2]!.id })).statusCode).toBe(400);
    expect(await listed(alice)).toHaveLength(chatsBefore.length);
    expect(await listed(bob)).toHaveLength(0);
  });

  it('writes main_chat into the exported file and reads it back on import', async () => {
    const id = randomUUID();
    await branch(alice, origin, { id, message_id: history[2]!.id });
    const originFile = (await exportChat(test, alice, origin, 'jsonl')).headers['content-disposition'] as string;
    const stem = /filename="([^"]+)\.jsonl"/.exec(originFile)?.[1];
    expect(stem).toBeTruthy();
    const exported = await exportChat(test, alice, id, 'jsonl');
    // Its own file, named after the branch.
    expect(exported.headers['content-disposition']).toMatch(/filename="Aqua \(branch \d+\) - \d{4}-\d{2}-\d{2}\.jsonl"/);
    const header = JSON.parse(exported.body.split('\n')[0]!);
    expect(header.chat_metadata).toMatchObject({ main_chat: stem });

    // Into another account: into this one, the file is recognized as the branch here and adds nothing.
    const other = await userOf(test, 'branch-importer');
    const imported = await importArchive(test, other, zipSync({ 'Aqua - branch.jsonl': strToU8(exported.body) }));
    expect(imported.statusCode, imported.body).toBe(200);
    const chatId = imported.json().imported[0].chat_id as string;
    expect((await listed(other)).find((chat) => chat.chat_id === chatId)).toMatchObject({ branch_of: null, branch_of_name: stem });
    const again = JSON.parse((await exportChat(test, other, chatId, 'jsonl')).body.split('\n')[0]!);
    expect(again.chat_metadata).toMatchObject({ main_chat: stem });
  });

  it('links a SillyTavern branch imported with its original, as main_chat names it', async () => {
    const main = chatJsonl('Aqua', [{ mes: 'Hi', is_user: true }, { mes: 'Hello' }]);
    const [header, ...lines] = chatJsonl('Aqua', [{ mes: 'Hi', is_user: true }]).split('\n');
    const branchFile = [
      JSON.stringify({ ...JSON.parse(header!), chat_metadata: { main_chat: 'Aqua - 2024-1-1 @10h 00m 00s 000ms' } }),
      ...lines,
    ].join('\n');
    const imported = await importArchive(
      test,
      alice,
      zipSync({
        'chats/Aqua/Aqua - 2024-1-1 @10h 00m 00s 000ms.jsonl': strToU8(main),
        'chats/Aqua/Branch #1 - 2024-1-2 @10h 00m 00s 000ms.jsonl': strToU8(branchFile),
      }),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const [first, second] = imported.json().imported as { chat_id: string; message_count: number }[];
    const [mainChat, branchChat] = first!.message_count === 2 ? [first!, second!] : [second!, first!];
    const chats = await listed(alice);
    expect(chats.find((chat) => chat.chat_id === branchChat.chat_id)).toMatchObject({
      branch_of: mainChat.chat_id,
      branch_of_name: 'Aqua - 2024-1-1 @10h 00m 00s 000ms',
    });
    expect(chats.find((chat) => chat.chat_id === mainChat.chat_id)).toMatchObject({ branch_of: null, branch_of_name: null });
  });

  it('stays whole when its original is deleted, without a link back', async () => {
    const carol = await userOf(test, 'carol');
    const card = await ownCard(test, carol, testCardPng({ name: 'Rin' }));
    const first = randomUUID();
    await complete(test, carol, { chatId: first, characterId: card, text: 'hi', greetingIndex: 0 });
    const [greeting] = await messagesOf(carol, first);
    const id = randomUUID();
    expect((await branch(carol, first, { id, message_id: greeting!.id })).statusCode).toBe(201);
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/chats/delete', headers: carol.headers, payload: { chat_id: first } })).statusCode,
    ).toBe(200);
    expect(await listed(carol)).toEqual([
      expect.objectContaining({ chat_id: id, branch_of: null, branch_of_name: 'Rin', message_count: 1 }),
    ]);
    expect(await messagesOf(carol, id)).toHaveLength(1);
  });

  it('counts towards the storage quota like any chat', async () => {
    const dave = await userOf(test, 'dave');
    const card = await ownCard(test, dave, testCardPng({ name: 'Kai' }));
    const chat = randomUUID();
    await complete(test, dave, { chatId: chat, characterId: card, text: 'hi' });
    const [greeting] = await messagesOf(dave, chat);
    await test.db.kysely
      .updateTable('chats')
      .set({ size: storageQuota('normal') })
      .where('id', '=', chat)
      .execute();
    const refused = await branch(dave, chat, { id: randomUUID(), message_id: greeting!.id });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe('storage_quota');
    expect(await listed(dave)).toHaveLength(1);
  });
});
