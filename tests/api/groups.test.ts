/**
 * Group chats: made from 2–10 readable cards, members added, muted and removed; each reply written
 * by the member the person chose or the group's strategy picked (seeded by the Idempotency-Key),
 * stored with its speaker, kept by a new version and by continue; another user's group is 404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, RecentChat } from '@core/contract';
import { updateUser } from '../../server/db/repositories/users';
import { testCardPng } from '../support/cards';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, exportChat, getChat, importFiles, ownCard } from './chat-helpers';
import { databases, type TestApp } from './helpers';

describe.each(databases)('group chats (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let aria: string;
  let bram: string;
  let cleo: string;
  let bobsCard: string;

  const inject = (user: Uploader, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });
  const makeGroup = (user: Uploader, body: Record<string, unknown>) =>
    inject(user, 'POST', '/api/groups', { chat_id: randomUUID(), ...body });
  async function group(strategy: string, ids = [aria, bram, cleo]): Promise<RecentChat> {
    const made = await makeGroup(alice, { character_ids: ids, strategy });
    expect(made.statusCode, made.body).toBe(201);
    return made.json();
  }
  const messagesOf = async (chatId: string): Promise<ChatMessage[]> =>
    (await getChat(test, alice, { chat_id: chatId, page_size: 100 })).json().data;
  async function say(chatId: string, text: string, extra: { speakerId?: string } = {}): Promise<ChatMessage> {
    const response = await complete(test, alice, { chatId, text, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().reply;
  }
  const lastPrompt = (): { role: string; content: string }[] => fake.requests.at(-1)!.body.messages;

  beforeAll(async () => {
    const bed = await chatTestBed(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' }, { name: 'Aria', description: 'Aria is a bard.' });
    ({ fake, test, alice, bob } = bed);
    aria = bed.card;
    // Yearly: no limit on private cards, so a group of ten can be made of alice's own.
    const profile = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: alice.headers })).json();
    await updateUser(test.db.kysely, profile.uid, { plan: 'yearly' });
    bram = await ownCard(test, alice, testCardPng({ name: 'Bram', description: 'Bram is a smith.', nickname: 'Hammer' }));
    cleo = await ownCard(test, alice, testCardPng({ name: 'Cleo', description: 'Cleo is a thief.' }));
    bobsCard = await ownCard(test, bob, testCardPng({ name: 'Secret' }));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('makes a group of the cards in their order, named after them, and lists it with its members', async () => {
    const made = await group('natural');
    expect(made).toMatchObject({ character_name: 'Aria, Bram, Cleo', group_strategy: 'natural', title: null, message_count: 0 });
    expect(made.members!.map((m) => [m.name, m.character_id, m.muted])).toEqual([
      ['Aria', aria, false],
      ['Bram', bram, false],
      ['Cleo', cleo, false],
    ]);
    expect(made.members![0]!.avatar_url).toContain(aria);
    const again = await inject(alice, 'POST', '/api/groups', { chat_id: made.chat_id, character_ids: [aria, bram] });
    expect(again.statusCode).toBe(201);
    expect(again.json().members).toHaveLength(3);
    const listed = (await inject(alice, 'POST', '/api/chats/list', { page_size: 50 })).json().data as RecentChat[];
    expect(listed.find((chat) => chat.chat_id === made.chat_id)?.members).toHaveLength(3);
  });

  it('refuses another user’s private card (404), one member, eleven members and a repeated card', async () => {
    expect((await makeGroup(alice, { character_ids: [aria, bobsCard] })).statusCode).toBe(404);
    expect((await makeGroup(alice, { character_ids: [aria] })).statusCode).toBe(400);
    expect((await makeGroup(alice, { character_ids: Array.from({ length: 11 }, () => randomUUID()) })).statusCode).toBe(400);
    expect((await makeGroup(alice, { character_ids: [aria, aria] })).statusCode).toBe(400);
  });

  it('lets the member the person chose answer, with its card, a line about the others and the nudge', async () => {
    const chat = await group('natural');
    const bramId = chat.members![1]!.id;
    const reply = await say(chat.chat_id, 'Hello all', { speakerId: bramId });
    expect(reply).toMatchObject({ name: 'Hammer', speaker_id: bram });
    const prompt = lastPrompt().map((m) => m.content);
    expect(prompt.some((text) => text.includes('Bram is a smith.'))).toBe(true);
    expect(prompt.some((text) => text.includes('Aria is a bard.'))).toBe(false);
    expect(prompt).toContain('[Hammer is in a group chat with Aria and Cleo.]');
    expect(prompt.at(-1)).toBe('[Write the next reply only as Hammer.]');
    expect((await complete(test, alice, { chatId: chat.chat_id, text: 'x', speakerId: randomUUID() })).statusCode).toBe(400);
  });

  it('natural order: a named member answers (nickname and punctuation too); the same key picks the same member', async () => {
    const chat = await group('natural');
    expect((await say(chat.chat_id, 'CLEO?! Where were you?')).speaker_id).toBe(cleo);
    expect((await say(chat.chat_id, 'hammer, your turn.')).speaker_id).toBe(bram);
    const key = randomUUID();
    const first = (await complete(test, alice, { chatId: chat.chat_id, text: 'Anyone?', key })).json().reply as ChatMessage;
    const retried = (await complete(test, alice, { chatId: chat.chat_id, text: 'Anyone?', key })).json().reply as ChatMessage;
    expect(retried).toMatchObject({ id: first.id, speaker_id: first.speaker_id });
  });

  it('list order goes round the members; pooled lets each speak once per round', async () => {
    const list = await group('list');
    const spoken: (string | undefined)[] = [];
    for (const text of ['one', 'two', 'three', 'four']) spoken.push((await say(list.chat_id, text)).speaker_id);
    expect(spoken).toEqual([aria, bram, cleo, aria]);
    const pooled = await group('pooled');
    const round: (string | undefined)[] = [];
    for (const text of ['one', 'two', 'three']) round.push((await say(pooled.chat_id, text)).speaker_id);
    expect(round.sort()).toEqual([aria, bram, cleo].sort());
  });

  it('keeps a reply’s speaker through a new version and a continuation', async () => {
    const chat = await group('natural');
    const reply = await say(chat.chat_id, 'Cleo, tell me a story');
    const swiped = await complete(test, alice, { chatId: chat.chat_id, regenerate: true });
    expect(swiped.json().reply).toMatchObject({ id: reply.id, speaker_id: cleo, name: 'Cleo' });
    expect(swiped.json().reply.swipes).toHaveLength(2);
    expect(lastPrompt().at(-1)!.content).toBe('[Write the next reply only as Cleo.]');
    const continued = await complete(test, alice, { chatId: chat.chat_id, continue: true });
    expect(continued.json().reply).toMatchObject({ id: reply.id, speaker_id: cleo });
    expect(lastPrompt().some((m) => m.content.includes('Cleo is a thief.'))).toBe(true);
  });

  it('never picks a muted member, and asks to unmute one when all are', async () => {
    const chat = await group('list', [aria, bram]);
    const [a, b] = chat.members!;
    const muted = await inject(alice, 'PATCH', `/api/chats/${chat.chat_id}/members/${a!.id}`, { muted: true });
    expect(muted.statusCode).toBe(200);
    expect(muted.json().members[0].muted).toBe(true);
    expect((await say(chat.chat_id, 'one')).speaker_id).toBe(bram);
    expect((await say(chat.chat_id, 'two')).speaker_id).toBe(bram);
    await inject(alice, 'PATCH', `/api/chats/${chat.chat_id}/members/${b!.id}`, { muted: true });
    const refused = await complete(test, alice, { chatId: chat.chat_id, text: 'three' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'all_muted' });
    expect(await messagesOf(chat.chat_id)).toHaveLength(4);
    // The person may still choose a muted member.
    expect((await say(chat.chat_id, 'three', { speakerId: a!.id })).speaker_id).toBe(aria);
  });

  it('adds and removes members; a one-character chat becomes a group; ten is the most', async () => {
    const single = randomUUID();
    expect((await complete(test, alice, { chatId: single, characterId: aria, text: 'hi' })).statusCode).toBe(200);
    const added = await inject(alice, 'POST', `/api/chats/${single}/members`, { character_id: bram });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ group_strategy: 'natural', character_name: 'Aria, Bram' });
    expect((await inject(alice, 'POST', `/api/chats/${single}/members`, { character_id: bram })).statusCode).toBe(400);
    // The first reply, from before, keeps its speaker by name: a new version is Aria's.
    const swiped = await complete(test, alice, { chatId: single, regenerate: true });
    expect(swiped.json().reply).toMatchObject({ name: 'Aria', speaker_id: aria });
    const removed = await inject(alice, 'DELETE', `/api/chats/${single}/members/${added.json().members[0].id}`);
    expect(removed.json()).toMatchObject({ character_name: 'Bram' });
    expect((await inject(alice, 'DELETE', `/api/chats/${single}/members/${removed.json().members[0].id}`)).statusCode).toBe(400);
    expect((await messagesOf(single)).map((m) => m.name)).toContain('Aria');

    const many = [aria, bram, cleo];
    for (let i = 0; i < 7; i++) many.push(await ownCard(test, alice, testCardPng({ name: `Extra ${i}` })));
    const full = await group('natural', many);
    const eleventh = await ownCard(test, alice, testCardPng({ name: 'Eleventh' }));
    const refused = await inject(alice, 'POST', `/api/chats/${full.chat_id}/members`, { character_id: eleventh });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'too_many_members' });
  });

  it('keeps a deleted card’s member and replies by name, never picking it', async () => {
    const doomed = await ownCard(test, alice, testCardPng({ name: 'Doomed' }));
    const chat = await group('list', [doomed, aria]);
    expect((await say(chat.chat_id, 'one')).name).toBe('Doomed');
    await test.db.kysely.deleteFrom('images').where('id', '=', doomed).execute();
    const listed = (await inject(alice, 'POST', '/api/chats/list', { page_size: 50 })).json().data as RecentChat[];
    expect(listed.find((c) => c.chat_id === chat.chat_id)?.members?.[0]).toMatchObject({
      name: 'Doomed',
      character_id: null,
      avatar_url: null,
    });
    expect((await say(chat.chat_id, 'two')).speaker_id).toBe(aria);
    expect((await say(chat.chat_id, 'three')).speaker_id).toBe(aria);
    expect((await messagesOf(chat.chat_id))[1]).toMatchObject({ name: 'Doomed', speaker_id: doomed });
  });

  it('branches a group with its members', async () => {
    const chat = await group('natural');
    const reply = await say(chat.chat_id, 'Aria?');
    const branch = await inject(alice, 'POST', `/api/chats/${chat.chat_id}/branches`, { id: randomUUID(), message_id: reply.id });
    expect(branch.statusCode, branch.body).toBe(201);
    expect(branch.json().members.map((m: { name: string }) => m.name)).toEqual(['Aria', 'Bram', 'Cleo']);
    expect((await messagesOf(branch.json().chat_id)).at(-1)).toMatchObject({ speaker_id: aria });
  });

  it('exports as a SillyTavern group chat and imports back with the same members, messages and speakers', async () => {
    const chat = await group('list');
    await say(chat.chat_id, 'one');
    await say(chat.chat_id, 'two');
    expect((await complete(test, alice, { chatId: chat.chat_id, regenerate: true })).statusCode).toBe(200);
    const file = (await exportChat(test, alice, chat.chat_id, 'jsonl')).body;
    const [header, ...lines] = file
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toMatchObject({ user_name: 'unused', character_name: 'unused' });
    expect(lines.filter((l) => !l.is_user).map((l) => [l.name, l.original_avatar, l.force_avatar])).toEqual([
      ['Aria', `${aria}.png`, `/thumbnail?type=avatar&file=${aria}.png`],
      ['Hammer', `${bram}.png`, `/thumbnail?type=avatar&file=${bram}.png`],
    ]);
    expect(lines[3].swipes).toHaveLength(2);

    const response = await importFiles(test, alice, [{ name: 'group.jsonl', bytes: new TextEncoder().encode(file) }]);
    expect(response.statusCode, response.body).toBe(200);
    const [copy] = response.json().imported as { chat_id: string }[];
    const listed = (await inject(alice, 'POST', '/api/chats/list', { page_size: 50 })).json().data as RecentChat[];
    const imported = listed.find((c) => c.chat_id === copy!.chat_id)!;
    expect(imported.members!.map((m) => [m.name, m.character_id])).toEqual([
      ['Aria', aria],
      ['Hammer', bram],
    ]);
    const again = (await exportChat(test, alice, copy!.chat_id, 'jsonl')).body;
    expect(again).toBe(file);
    // A file whose members the importer has no card for keeps their names and replies.
    const stranger = file.replaceAll(`${aria}.png`, 'someone-else.png').replaceAll('"Aria"', '"Nobody Here"');
    const kept = await importFiles(test, bob, [{ name: 'g.jsonl', bytes: new TextEncoder().encode(stranger) }]);
    const bobs = (await inject(bob, 'POST', '/api/chats/list', { page_size: 50 })).json().data as RecentChat[];
    const bobsCopy = bobs.find((c) => c.chat_id === kept.json().imported[0].chat_id)!;
    expect(bobsCopy.members!.map((m) => [m.name, m.character_id])).toEqual([
      ['Nobody Here', null],
      ['Hammer', null],
    ]);
  });

  it('is 404 to another user', async () => {
    const chat = await group('natural');
    const member = chat.members![0]!.id;
    expect((await inject(bob, 'POST', `/api/chats/${chat.chat_id}/members`, { character_id: bobsCard })).statusCode).toBe(404);
    expect((await inject(bob, 'PATCH', `/api/chats/${chat.chat_id}/members/${member}`, { muted: true })).statusCode).toBe(404);
    expect((await inject(bob, 'DELETE', `/api/chats/${chat.chat_id}/members/${member}`)).statusCode).toBe(404);
    expect((await complete(test, bob, { chatId: chat.chat_id, text: 'hi' })).statusCode).toBe(404);
    expect((await inject(bob, 'POST', '/api/groups', { chat_id: chat.chat_id, character_ids: [bobsCard, aria] })).statusCode).toBe(404);
    expect((await inject(alice, 'PATCH', `/api/chats/${chat.chat_id}/members/${randomUUID()}`, { muted: true })).statusCode).toBe(404);
  });
});
