import { randomUUID } from 'node:crypto';
import { unzipSync, strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makePng } from '@core/card/index';
import { NEW_CHAT_MARKER } from '@core/chat/index';
import { PERSONA_LIMITS } from '@core/contract/constants';
import { testCardPng } from '../support/cards';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { userOf, type Uploader } from './cards';
import { complete, exportChat, getChat, importArchive, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

const pngDataUrl = (width = 40, height = 30) =>
  `data:image/png;base64,${Buffer.from(makePng({ width, height, rgba: new Uint8Array(width * height * 4).fill(90) })).toString('base64')}`;

interface PersonaBody {
  id: string;
  name: string;
  description: string;
  avatar_url: string | null;
  chat_count: number;
  is_default: boolean;
}

describe.each(databases)('personas (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, { LLM_BASE_URL: fake.baseUrl, RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    alice = await userOf(test, 'alice');
    bob = await userOf(test, 'bob');
    card = await ownCard(
      test,
      alice,
      testCardPng({ name: 'Mira', scenario: '{{user}} meets {{char}} at the harbour.', first_mes: 'Welcome aboard, {{user}}.' }),
    );
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ kind: 'reply' }));

  const request = (user: Uploader, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    test.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function create(user: Uploader, body: Record<string, unknown>): Promise<PersonaBody> {
    const response = await request(user, 'POST', '/api/personas', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const list = async (user: Uploader): Promise<PersonaBody[]> => (await request(user, 'GET', '/api/personas')).json().data;
  const setPersona = (user: Uploader, chatId: string, personaId: string | null) =>
    request(user, 'PUT', `/api/chats/${chatId}`, { persona_id: personaId });
  const chatOf = async (user: Uploader, chatId: string) => (await getChat(test, user, { chat_id: chatId, page_size: 100 })).json();
  /** The system messages before the chat (main prompt, persona, card fields), one each. */
  const systemMessages = () => {
    const messages = (fake.requests.at(-1)!.body.messages as { content: string }[]).map((message) => message.content);
    return messages.slice(0, messages.indexOf(NEW_CHAT_MARKER));
  };
  const systemPrompt = () => systemMessages().join('\n\n');

  describe('keeping personas', () => {
    it('creates, lists, changes and deletes a persona, with an avatar only its owner can fetch', async () => {
      const made = await create(alice, { name: '  Captain   Nova ', description: 'A pilot.\r\nBrave.', avatar: pngDataUrl() });
      expect(made).toMatchObject({ name: 'Captain Nova', description: 'A pilot.\nBrave.', chat_count: 0 });
      expect(made.avatar_url).toMatch(new RegExp(`^/api/personas/${made.id}/avatar\\?v=`));
      expect((await list(alice)).map((p) => p.id)).toContain(made.id);
      expect(await list(bob)).toEqual([]);

      const avatar = await request(alice, 'GET', made.avatar_url!);
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/webp');
      expect(avatar.headers['cache-control']).toContain('no-store');
      expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect((await test.app.inject({ method: 'GET', url: made.avatar_url! })).statusCode).toBe(401);

      const renamed = await request(alice, 'PUT', `/api/personas/${made.id}`, { name: 'Nova', avatar: pngDataUrl(10, 80) });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Nova', description: 'A pilot.\nBrave.' });
      expect(renamed.json().avatar_url).not.toBe(made.avatar_url);

      const bare = await request(alice, 'PUT', `/api/personas/${made.id}`, { avatar: null });
      expect(bare.json().avatar_url).toBeNull();
      expect((await request(alice, 'GET', `/api/personas/${made.id}/avatar`)).statusCode).toBe(404);

      const removed = await request(alice, 'DELETE', `/api/personas/${made.id}`);
      expect(removed.json()).toEqual({ success: true, message: 'Persona deleted.', chats_reset: 0 });
      expect((await list(alice)).map((p) => p.id)).not.toContain(made.id);
      expect((await request(alice, 'DELETE', `/api/personas/${made.id}`)).statusCode).toBe(404);
    });

    it('refuses bad input with a clear 400 and stores nothing', async () => {
      const before = (await list(alice)).length;
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'invalid_request'],
        [{ name: ' \n\t ' }, 'invalid_name'],
        [{ name: 'x'.repeat(PERSONA_LIMITS.nameChars + 1) }, 'invalid_request'],
        [{ name: 'Long', description: 'x'.repeat(PERSONA_LIMITS.descriptionChars + 1) }, 'invalid_request'],
        [{ name: 'Text', avatar: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}` }, 'invalid_avatar'],
        [{ name: 'Svg', avatar: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` }, 'invalid_avatar'],
        [{ name: 'Broken', avatar: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}` }, 'invalid_avatar'],
        [
          { name: 'Big', avatar: `data:image/png;base64,${Buffer.alloc(PERSONA_LIMITS.avatarBytes + 3).toString('base64')}` },
          'avatar_too_large',
        ],
      ];
      for (const [body, code] of cases) {
        const response = await request(alice, 'POST', '/api/personas', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json().error).toBe(code);
        expect(response.json().message.length).toBeGreaterThan(10);
      }
      expect((await request(alice, 'POST', '/api/personas', { name: 'Huge', avatar: 'x'.repeat(4 * 1024 * 1024) })).statusCode).toBe(413);
      expect((await request(alice, 'PUT', '/api/personas/not%20an%20id', { name: 'A' })).statusCode).toBe(400);
      expect((await list(alice)).length).toBe(before);
    });

    it(`keeps at most ${PERSONA_LIMITS.count} personas per person`, async () => {
      const carol = await userOf(test, 'carol');
      const made = await Promise.all(
        Array.from({ length: PERSONA_LIMITS.count + 3 }, (_, i) => request(carol, 'POST', '/api/personas', { name: `Carol ${i}` })),
      );
      expect(made.filter((r) => r.statusCode === 201)).toHaveLength(PERSONA_LIMITS.count);
      const refused = made.filter((r) => r.statusCode !== 201);
      expect(refused.map((r) => r.json().error)).toEqual(['persona_limit', 'persona_limit', 'persona_limit']);
      expect(refused[0]!.json().message).toContain(`up to ${PERSONA_LIMITS.count} personas`);
      expect(await list(carol)).toHaveLength(PERSONA_LIMITS.count);
    });
  });

  describe('in a chat', () => {
    it("speaks as the persona the first completion names: {{user}}, the greeting, the message's name and the prompt", async () => {
      const nova = await create(alice, { name: 'Captain Nova', description: 'A starship pilot who distrusts {{char}}.' });
      const chatId = randomUUID();
      const sent = await complete(test, alice, { chatId, characterId: card, text: 'Hello', greetingIndex: 0, personaId: nova.id });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().greeting.content).toBe('Welcome aboard, Captain Nova.');
      expect(sent.json().user_message.name).toBe('Captain Nova');

      const system = systemPrompt();
      expect(system).toContain('fictional chat between Mira and Captain Nova');
      expect(system).toContain('[Circumstances and context of the dialogue: Captain Nova meets Mira at the harbour.]');
      // SillyTavern's place for the persona: as written, its own message, before the character's description.
      const block = 'A starship pilot who distrusts Mira.';
      expect(systemMessages()).toContain(block);
      expect(system.indexOf(block)).toBeLessThan(system.indexOf('[Circumstances and context'));
      expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).not.toContain('alice');

      expect((await chatOf(alice, chatId)).chat.persona_id).toBe(nova.id);
      expect((await list(alice)).find((p) => p.id === nova.id)!.chat_count).toBe(1);

      // Later messages without persona_id keep the chat's.
      await complete(test, alice, { chatId, text: 'Again' });
      expect(systemMessages()).toContain(block);
    });

    it('starts new chats as the default persona, one default at a time, until it is unset', async () => {
      const first = await create(alice, { name: 'Default One', is_default: true });
      const second = await create(alice, { name: 'Default Two' });
      expect(first.is_default).toBe(true);
      expect(second.is_default).toBe(false);
      const made = await request(alice, 'PUT', `/api/personas/${second.id}`, { is_default: true });
      expect(made.json()).toMatchObject({ is_default: true });
      expect((await list(alice)).filter((persona) => persona.is_default).map((persona) => persona.id)).toEqual([second.id]);

      const chatId = randomUUID();
      await complete(test, alice, { chatId, characterId: card, text: 'Hello' });
      expect((await chatOf(alice, chatId)).chat.persona_id).toBe(second.id);
      // A chat that names who it speaks as keeps that, default or not.
      const named = randomUUID();
      await complete(test, alice, { chatId: named, characterId: card, text: 'Hello', personaId: null });
      expect((await chatOf(alice, named)).chat.persona_id).toBeNull();
      // An existing chat is not moved by a later default.
      await request(alice, 'PUT', `/api/personas/${first.id}`, { is_default: true });
      await complete(test, alice, { chatId, text: 'Still me?' });
      expect((await chatOf(alice, chatId)).chat.persona_id).toBe(second.id);

      await request(alice, 'PUT', `/api/personas/${first.id}`, { is_default: false });
      const plain = randomUUID();
      await complete(test, alice, { chatId: plain, characterId: card, text: 'Hello' });
      expect((await chatOf(alice, plain)).chat.persona_id).toBeNull();
      // Bob's new chats never start as alice's default.
      expect((await list(bob)).some((persona) => persona.is_default)).toBe(false);
      for (const persona of [first, second]) await request(alice, 'DELETE', `/api/personas/${persona.id}`);
    });

    it('changes with PUT /api/chats/{chat_id}, and null goes back to the profile name', async () => {
      const chatId = randomUUID();
      await complete(test, alice, { chatId, characterId: card, text: 'Hi' });
      expect((await chatOf(alice, chatId)).chat.persona_id).toBeNull();
      expect(systemPrompt()).toContain('between Mira and alice');

      const ash = await create(alice, { name: 'Ash', description: 'Quiet.' });
      const put = await setPersona(alice, chatId, ash.id);
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ chat_id: chatId, persona_id: ash.id, character_name: 'Mira' });
      await complete(test, alice, { chatId, text: 'Now?' });
      expect(systemPrompt()).toContain(`between Mira and Ash`);
      expect(systemMessages()).toContain('Quiet.');

      expect((await setPersona(alice, chatId, null)).json().persona_id).toBeNull();
      await complete(test, alice, { chatId, text: 'And now?' });
      expect(systemPrompt()).toContain('between Mira and alice');
      expect(systemMessages()).not.toContain('Quiet.');

      const bad = [
        await request(alice, 'PUT', `/api/chats/${chatId}`, {}),
        await request(alice, 'PUT', `/api/chats/${chatId}`, { persona_id: 'bad id!' }),
        await request(alice, 'PUT', `/api/chats/${chatId}`, { persona_id: '' }),
      ];
      expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400]);
      expect((await setPersona(alice, randomUUID(), ash.id)).statusCode).toBe(404);
    });

    it('a message naming a persona deleted meanwhile is answered as the profile name, not refused', async () => {
      const gone = await create(alice, { name: 'Gone Soon' });
      await request(alice, 'DELETE', `/api/personas/${gone.id}`);
      const chatId = randomUUID();
      const sent = await complete(test, alice, { chatId, characterId: card, text: 'Queued offline', personaId: gone.id });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().user_message.name).toBe('alice');
      expect((await chatOf(alice, chatId)).chat.persona_id).toBeNull();
    });

    it('deleting a persona puts its chats back on the profile name and says how many', async () => {
      const temp = await create(alice, { name: 'Temporary', description: 'Short-lived.' });
      const chats = [randomUUID(), randomUUID()];
      for (const chatId of chats) await complete(test, alice, { chatId, characterId: card, text: 'Hi', personaId: temp.id });
      expect((await list(alice)).find((p) => p.id === temp.id)!.chat_count).toBe(2);

      const removed = (await request(alice, 'DELETE', `/api/personas/${temp.id}`)).json();
      expect(removed).toEqual({ success: true, message: 'Persona deleted; 2 chats now use your profile name.', chats_reset: 2 });
      for (const chatId of chats) expect((await chatOf(alice, chatId)).chat.persona_id).toBeNull();
      await complete(test, alice, { chatId: chats[0]!, text: 'Who am I?' });
      expect(systemPrompt()).toContain('between Mira and alice');
      expect(systemPrompt()).not.toContain('Short-lived.');
    });

    it("exports the persona's name as user_name, and an import finds the persona by that name", async () => {
      const sage = await create(alice, { name: 'Sage' });
      const chatId = randomUUID();
      await complete(test, alice, { chatId, characterId: card, text: 'Hello', personaId: sage.id });

      const zip = unzipSync(new Uint8Array((await exportChat(test, alice, chatId)).rawPayload));
      const jsonl = Object.entries(zip).find(([name]) => name.endsWith('.jsonl'))![1];
      const lines = new TextDecoder()
        .decode(jsonl)
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines[0].user_name).toBe('Sage');
      expect(lines.find((line) => line.is_user).name).toBe('Sage');

      // Another chat of the same exchange (its own start date): this very file again would be the chat here.
      const [head, ...rest] = new TextDecoder().decode(jsonl).split('\n');
      const another = [JSON.stringify({ ...JSON.parse(head!), create_date: Date.UTC(2020, 0, 1) }), ...rest].join('\n');
      const imported = (await importArchive(test, alice, zipSync({ 'chat.jsonl': strToU8(another) }))).json().imported[0];
      expect((await chatOf(alice, imported.chat_id)).chat.persona_id).toBe(sage.id);
      // Bob has no persona of that name: his copy speaks as his profile name.
      const his = (await importArchive(test, bob, zipSync({ 'chat.jsonl': strToU8(new TextDecoder().decode(jsonl)) }))).json().imported[0];
      expect((await chatOf(bob, his.chat_id)).chat.persona_id).toBeNull();

      await setPersona(alice, chatId, null);
      const again = unzipSync(new Uint8Array((await exportChat(test, alice, chatId)).rawPayload));
      const header = JSON.parse(
        new TextDecoder().decode(Object.entries(again).find(([name]) => name.endsWith('.jsonl'))![1]).split('\n')[0]!,
      );
      expect(header.user_name).toBe('alice');
    });
  });

  describe("another user's persona or chat", () => {
    let persona: PersonaBody;
    let aliceChat: string;
    let bobChat: string;

    beforeAll(async () => {
      persona = await create(alice, { name: 'Secret Agent', description: 'ALICE-ONLY-DESCRIPTION', avatar: pngDataUrl() });
      aliceChat = randomUUID();
      bobChat = randomUUID();
      await complete(test, alice, { chatId: aliceChat, characterId: card, text: 'Hi' });
      const bobCard = await ownCard(test, bob, testCardPng({ name: 'Bobs Friend' }));
      await complete(test, bob, { chatId: bobChat, characterId: bobCard, text: 'Hi' });
    });

    it('answers 404 on every persona endpoint, and changes nothing', async () => {
      expect((await request(bob, 'PUT', `/api/personas/${persona.id}`, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await request(bob, 'DELETE', `/api/personas/${persona.id}`)).statusCode).toBe(404);
      expect((await request(bob, 'GET', `/api/personas/${persona.id}/avatar`)).statusCode).toBe(404);
      expect((await request(bob, 'GET', '/api/personas')).json().data).toEqual([]);
      expect((await list(alice)).find((p) => p.id === persona.id)).toMatchObject({ name: 'Secret Agent' });
      expect((await request(alice, 'GET', `/api/personas/${persona.id}/avatar`)).statusCode).toBe(200);
    });

    it("answers 404 for PUT on another user's chat, and for naming another user's persona in one's own", async () => {
      const foreignChat = await setPersona(bob, aliceChat, null);
      expect(foreignChat.statusCode).toBe(404);
      expect(foreignChat.json()).toEqual({ error: 'not_found', message: 'Chat not found' });
      const foreignPersona = await setPersona(bob, bobChat, persona.id);
      expect(foreignPersona.statusCode).toBe(404);
      expect(foreignPersona.json()).toEqual({ error: 'not_found', message: 'Persona not found' });
      expect((await chatOf(bob, bobChat)).chat.persona_id).toBeNull();
    });

    it("never puts another user's persona in a prompt, even when a completion names it", async () => {
      const sent = await complete(test, bob, { chatId: bobChat, text: 'Who am I?', personaId: persona.id });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().user_message.name).toBe('bob');
      const prompt = JSON.stringify(fake.requests.at(-1)!.body.messages);
      expect(prompt).not.toContain('Secret Agent');
      expect(prompt).not.toContain('ALICE-ONLY-DESCRIPTION');
      expect((await chatOf(bob, bobChat)).chat.persona_id).toBeNull();
    });
  });
});
