import { randomUUID } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@core/contract';
import { testCardPng } from '../support/cards';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import {
  chatJsonl,
  chatTestBed,
  complete,
  deleteFrom,
  deleteMessage,
  editMessage,
  exportChat,
  getChat,
  importArchive,
  listChats,
  ownCard,
  parseStream,
} from './chat-helpers';
import { databases, type TestApp } from './helpers';

describe.each(databases)('editing, deleting, swipes and continue (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(
      dialect,
      { RATE_LIMIT_COMPLETIONS_PER_MINUTE: '1000' },
      { name: 'Mira', first_mes: 'Hello {{user}}.' },
    ));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ kind: 'reply' }));

  /** The chat's messages, oldest first (one page is enough for these chats). */
  const messages = async (chatId: string, user = alice): Promise<ChatMessage[]> =>
    (await getChat(test, user, { chat_id: chatId, page_size: 100 })).json().data;
  const recent = async (chatId: string) => (await getChat(test, alice, { chat_id: chatId })).json().chat;
  /** The messages the AI service was last sent. */
  const lastPrompt = () => fake.requests.at(-1)!.body.messages as { role: string; content: string }[];

  /** A chat of alice's: her message and a reply with the given text. */
  async function exchange(text = 'Hi Mira', reply = 'Hello there, traveller.') {
    const chatId = randomUUID();
    fake.next({ kind: 'reply', text: reply });
    const response = await complete(test, alice, { chatId, characterId: card, text });
    expect(response.statusCode).toBe(200);
    return { chatId, user: response.json().user_message as ChatMessage, reply: response.json().reply as ChatMessage };
  }

  describe('edit', () => {
    it('changes a message in place, and the next prompt carries the edit', async () => {
      const { chatId, user, reply } = await exchange('I have a red boat', 'A red boat, how lovely.');
      const edited = await editMessage(test, alice, user.id, { content: '  I have a blue boat  ' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id: user.id, seq: user.seq, content: 'I have a blue boat' });
      expect((await editMessage(test, alice, reply.id, { content: 'A blue boat, how lovely.' })).statusCode).toBe(200);

      await complete(test, alice, { chatId, text: 'What colour is it?' });
      const prompt = lastPrompt();
      expect(prompt.slice(-3)).toEqual([
        { role: 'user', content: 'I have a blue boat' },
        { role: 'assistant', content: 'A blue boat, how lovely.' },
        { role: 'user', content: 'What colour is it?' },
      ]);
      expect(JSON.stringify(prompt)).not.toContain('red');
      const chat = await recent(chatId);
      expect(chat.message_count).toBe(4);
      expect(chat.size).toBe((await messages(chatId)).reduce((sum, m) => sum + Buffer.byteLength(m.content), 0));
    });

    it('applies an edit retried with the same Idempotency-Key once, and an old one retried late never overwrites a newer one', async () => {
      const { user } = await exchange();
      const first = randomUUID();
      expect((await editMessage(test, alice, user.id, { content: 'First edit' }, first)).json().content).toBe('First edit');
      expect((await editMessage(test, alice, user.id, { content: 'First edit' }, first)).json().content).toBe('First edit');
      expect((await editMessage(test, alice, user.id, { content: 'Second edit' }, randomUUID())).statusCode).toBe(200);
      // The first edit's answer was lost and the client sends it again: it was applied, so it is not applied again.
      const late = await editMessage(test, alice, user.id, { content: 'First edit' }, first);
      expect(late.statusCode).toBe(200);
      expect(late.json().content).toBe('Second edit');
      expect((await messages(user.chat_id))[0]!.content).toBe('Second edit');
      const reused = await editMessage(test, alice, user.id, { content: 'Something else' }, first);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().error).toBe('idempotency_key_reused');
    });

    it('applies two copies of one edit sent at once a single time', async () => {
      const { user } = await exchange();
      const key = randomUUID();
      const answers = await Promise.all([1, 2, 3].map(() => editMessage(test, alice, user.id, { content: 'Together' }, key)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect((await messages(user.chat_id))[0]!.content).toBe('Together');
    });

    it("keeps the message limit for the person's own messages and a reply's for the character's", async () => {
      const { user, reply } = await exchange();
      const long = await editMessage(test, alice, user.id, { content: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ error: 'message_too_long', message: 'Messages can be at most 1000 characters.' });
      expect((await editMessage(test, alice, reply.id, { content: 'y'.repeat(5000) })).statusCode).toBe(200);
      const tooLong = await editMessage(test, alice, reply.id, { content: 'y'.repeat(32_001) });
      expect(tooLong.statusCode).toBe(400);
      const empty = await editMessage(test, alice, user.id, { content: '   ' });
      expect(empty.json()).toEqual({ error: 'empty_message', message: 'A message cannot be empty: delete it instead.' });
      const nothing = await editMessage(test, alice, user.id, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().error).toBe('nothing_to_change');
      // A refused edit leaves the message as it was.
      expect((await messages(user.chat_id))[0]!.content).toBe('Hi Mira');
    });
  });

  describe('swipes', () => {
    it('regenerating twice keeps one reply with 3 versions, the newest shown', async () => {
      const { chatId, reply } = await exchange('Tell me a secret', 'Version one.');
      fake.next({ kind: 'reply', text: 'Version two.' });
      const second = await complete(test, alice, { chatId, regenerate: true });
      expect(second.json().reply).toMatchObject({
        id: reply.id,
        content: 'Version two.',
        swipes: ['Version one.', 'Version two.'],
        swipe_id: 1,
      });
      fake.next({ kind: 'reply', text: 'Version three.' });
      await complete(test, alice, { chatId, regenerate: true, stream: true });

      const stored = await messages(chatId);
      expect(stored).toHaveLength(2);
      expect(stored[1]).toMatchObject({
        id: reply.id,
        seq: reply.seq,
        content: 'Version three.',
        swipes: ['Version one.', 'Version two.', 'Version three.'],
        swipe_id: 2,
      });
      // Each regeneration answered the user's message, never a version before it.
      expect(lastPrompt().at(-1)).toEqual({ role: 'user', content: 'Tell me a secret' });
      expect(JSON.stringify(lastPrompt())).not.toContain('Version');
      const chat = await recent(chatId);
      expect(chat.message_count).toBe(2);
      expect(chat.size).toBe(Buffer.byteLength('Tell me a secretVersion one.Version two.Version three.'));
    });

    it('the chosen version is the one the next prompt carries, and edits change only that one', async () => {
      const { chatId, reply } = await exchange('Pick one', 'Swipe zero.');
      fake.next({ kind: 'reply', text: 'Swipe one.' });
      await complete(test, alice, { chatId, regenerate: true });
      const chosen = await editMessage(test, alice, reply.id, { swipe_id: 0 });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toMatchObject({ content: 'Swipe zero.', swipe_id: 0, swipes: ['Swipe zero.', 'Swipe one.'] });

      await complete(test, alice, { chatId, text: 'And then?' });
      expect(lastPrompt().slice(-2)).toEqual([
        { role: 'assistant', content: 'Swipe zero.' },
        { role: 'user', content: 'And then?' },
      ]);
      expect(JSON.stringify(lastPrompt())).not.toContain('Swipe one.');

      const edited = await editMessage(test, alice, reply.id, { content: 'Swipe zero, edited.' });
      expect(edited.json()).toMatchObject({ content: 'Swipe zero, edited.', swipes: ['Swipe zero, edited.', 'Swipe one.'], swipe_id: 0 });
    });

    it('refuses a swipe_id out of range with a clear message', async () => {
      const { chatId, reply, user } = await exchange('Range', 'Only one.');
      const none = await editMessage(test, alice, reply.id, { swipe_id: 1 });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({
        error: 'swipe_out_of_range',
        message: 'This message has no other versions: the only swipe_id it has is 0.',
      });
      expect((await editMessage(test, alice, user.id, { swipe_id: 0 })).statusCode).toBe(200);
      fake.next({ kind: 'reply', text: 'Another one.' });
      await complete(test, alice, { chatId, regenerate: true });
      const out = await editMessage(test, alice, reply.id, { swipe_id: 2 });
      expect(out.json()).toEqual({ error: 'swipe_out_of_range', message: 'This reply has 2 versions: choose a swipe_id from 0 to 1.' });
      expect((await editMessage(test, alice, reply.id, { swipe_id: -1 })).statusCode).toBe(400);
    });

    it('regenerating after the reply was deleted writes a new reply to the last message', async () => {
      const { chatId, reply } = await exchange('Again please', 'Gone soon.');
      expect((await deleteMessage(test, alice, reply.id)).statusCode).toBe(200);
      fake.next({ kind: 'reply', text: 'A fresh reply.' });
      const again = await complete(test, alice, { chatId, regenerate: true });
      expect(again.statusCode).toBe(200);
      expect(again.json().reply.swipes).toBeUndefined();
      expect((await messages(chatId)).map((m) => m.content)).toEqual(['Again please', 'A fresh reply.']);
    });
  });

  describe('continue', () => {
    it('appends to the same reply, with a prompt that ends with the reply so far', async () => {
      const { chatId, reply } = await exchange('Tell me a story', 'Once upon a time');
      fake.next({ kind: 'reply', text: 'there lived a keeper of lights.' });
      const response = await complete(test, alice, { chatId, continue: true, stream: true });
      expect(response.statusCode).toBe(200);
      const stream = parseStream(response.body);
      expect(stream.deltas.join('')).toBe('there lived a keeper of lights.');
      expect(stream.stored?.user_message).toBeNull();
      expect(stream.stored?.reply).toMatchObject({ id: reply.id, content: 'Once upon a time there lived a keeper of lights.' });

      const prompt = lastPrompt();
      expect(prompt.at(-1)).toEqual({ role: 'assistant', content: 'Once upon a time' });
      expect(prompt.at(-2)).toEqual({ role: 'user', content: 'Tell me a story' });
      const stored = await messages(chatId);
      expect(stored.map((m) => m.content)).toEqual(['Tell me a story', 'Once upon a time there lived a keeper of lights.']);
      expect((await recent(chatId)).message_count).toBe(2);
    });

    it('is idempotent like every completion: the same key twice calls the AI once', async () => {
      const { chatId } = await exchange('Go on', 'The night was dark.');
      const key = randomUUID();
      const before = fake.requests.length;
      fake.next({ kind: 'reply', text: 'Then the storm came.' });
      const first = await complete(test, alice, { chatId, continue: true, key });
      const again = await complete(test, alice, { chatId, continue: true, key });
      expect(again.statusCode).toBe(200);
      expect(again.json().reply.content).toBe(first.json().reply.content);
      expect(first.json().reply.content).toBe('The night was dark. Then the storm came.');
      expect(fake.requests.length - before).toBe(1);
    });

    it('continues the shown version of a reply with versions', async () => {
      const { chatId, reply } = await exchange('Versions', 'First.');
      fake.next({ kind: 'reply', text: 'Second' });
      await complete(test, alice, { chatId, regenerate: true });
      fake.next({ kind: 'reply', text: ', and more.' });
      const continued = (await complete(test, alice, { chatId, continue: true })).json().reply;
      expect(continued).toMatchObject({ id: reply.id, content: 'Second, and more.', swipes: ['First.', 'Second, and more.'], swipe_id: 1 });
    });

    it('refuses when the chat does not end with a reply of the character', async () => {
      const chatId = randomUUID();
      fake.next({ kind: 'status', status: 500 });
      await complete(test, alice, { chatId, characterId: card, text: 'No reply to this' });
      const refused = await complete(test, alice, { chatId, continue: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('nothing_to_continue');
      const both = await complete(test, alice, { chatId, continue: true, regenerate: true });
      expect(both.statusCode).toBe(400);
    });
  });

  describe('delete', () => {
    it('deletes one message; message_count and the recent list follow', async () => {
      const { chatId, user } = await exchange('First message', 'First reply');
      fake.next({ kind: 'reply', text: 'Second reply' });
      const second = (await complete(test, alice, { chatId, text: 'Second message' })).json();
      const before = await recent(chatId);
      const deleted = await deleteMessage(test, alice, second.reply.id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ success: true, deleted: 1, chat: { chat_id: chatId, message_count: 3 } });
      expect(deleted.json().chat.size).toBe(before.size - Buffer.byteLength('Second reply'));
      expect((await messages(chatId)).map((m) => m.content)).toEqual(['First message', 'First reply', 'Second message']);
      expect((await deleteMessage(test, alice, user.id)).json().chat.message_count).toBe(2);
      const listed = (await listChats(test, alice, { character_id: card, page_size: 50 }))
        .json()
        .data.find((c: { chat_id: string }) => c.chat_id === chatId);
      expect(listed.message_count).toBe(2);
    });

    it('"delete from here" removes the message and everything after it, and the last message time goes back', async () => {
      const { chatId, user, reply } = await exchange('Keep me', 'Keep me too');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = (await complete(test, alice, { chatId, text: 'Cut from here' })).json();
      await complete(test, alice, { chatId, text: 'And this' });
      const key = randomUUID();
      const cut = await deleteFrom(test, alice, { chat_id: chatId, message_id: later.user_message.id }, key);
      expect(cut.statusCode).toBe(200);
      expect(cut.json()).toMatchObject({
        deleted: 4,
        message: '4 messages deleted',
        chat: { message_count: 2, last_message_time: reply.send_date },
      });
      expect((await messages(chatId)).map((m) => m.id)).toEqual([user.id, reply.id]);
      // A retry of the same request (its answer was lost) answers as done, not 404.
      const retried = await deleteFrom(test, alice, { chat_id: chatId, message_id: later.user_message.id }, key);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ deleted: 0, chat: { message_count: 2 } });
      expect((await deleteFrom(test, alice, { chat_id: chatId, message_id: later.user_message.id })).statusCode).toBe(404);
    });

    it('a retried delete applies once', async () => {
      const { chatId, reply } = await exchange();
      const key = randomUUID();
      expect((await deleteMessage(test, alice, reply.id, key)).json().deleted).toBe(1);
      const again = await deleteMessage(test, alice, reply.id, key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ deleted: 0, chat: { message_count: 1 } });
      expect((await deleteMessage(test, alice, reply.id)).statusCode).toBe(404);
      expect(await messages(chatId)).toHaveLength(1);
    });

    it('refuses a message of another chat named with delete-from', async () => {
      const one = await exchange();
      const two = await exchange();
      const refused = await deleteFrom(test, alice, { chat_id: one.chatId, message_id: two.user.id });
      expect(refused.statusCode).toBe(404);
      expect(await messages(two.chatId)).toHaveLength(2);
    });
  });

  it("answers 404 for another user's messages and chats on every new endpoint, and changes nothing", async () => {
    const { chatId, user, reply } = await exchange('Private words', 'Private reply');
    const answers = [
      await editMessage(test, bob, user.id, { content: 'Hijacked' }),
      await editMessage(test, bob, reply.id, { swipe_id: 0 }),
      await deleteMessage(test, bob, reply.id),
      await deleteFrom(test, bob, { chat_id: chatId, message_id: user.id }),
      await complete(test, bob, { chatId, continue: true }),
      await complete(test, bob, { chatId, regenerate: true }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await messages(chatId)).map((m) => m.content)).toEqual(['Private words', 'Private reply']);
    // Bob's own chat cannot reach Alice's message either.
    const bobs = randomUUID();
    await complete(test, bob, { chatId: bobs, characterId: await ownCard(test, bob, testCardPng({ name: 'Bo' })), text: 'Mine' });
    expect((await deleteFrom(test, bob, { chat_id: bobs, message_id: user.id })).statusCode).toBe(404);
    const unsigned = await test.app.inject({ method: 'PATCH', url: `/api/messages/${user.id}`, payload: { content: 'x' } });
    expect(unsigned.statusCode).toBe(401);
  });

  describe('export and import', () => {
    const exported = async (chatId: string) => {
      const response = await exportChat(test, alice, chatId);
      expect(response.statusCode).toBe(200);
      return unzipSync(new Uint8Array(response.rawPayload));
    };
    const jsonlOf = (files: Record<string, Uint8Array>) =>
      new TextDecoder().decode(Object.entries(files).find(([name]) => name.endsWith('.jsonl'))![1]);

    it('writes swipes as SillyTavern does, and export → import → export keeps them byte for byte', async () => {
      const { chatId, reply } = await exchange('Swipe export', 'Take one.');
      fake.next({ kind: 'reply', text: 'Take two.' });
      await complete(test, alice, { chatId, regenerate: true });
      fake.next({ kind: 'reply', text: 'Take three.' });
      await complete(test, alice, { chatId, regenerate: true });
      await editMessage(test, alice, reply.id, { swipe_id: 1 });
      const first = await exported(chatId);
      const line = JSON.parse(jsonlOf(first).trimEnd().split('\n')[2]!);
      expect(line).toMatchObject({ mes: 'Take two.', swipe_id: 1, swipes: ['Take one.', 'Take two.', 'Take three.'] });
      expect(line.swipe_info).toHaveLength(3);
      expect(line.swipe_info[0]).toEqual({ send_date: line.send_date, extra: {} });

      // While the chat is here, its file adds nothing: deleted first, it comes back whole.
      const deleted = await test.app.inject({
        method: 'POST',
        url: '/api/chats/delete',
        headers: alice.headers,
        payload: { chat_id: chatId },
      });
      expect(deleted.statusCode).toBe(200);
      const imported = await importArchive(test, alice, zipSync(first));
      expect(imported.statusCode).toBe(200);
      const copy = imported.json().imported[0].chat_id as string;
      expect((await messages(copy))[1]).toMatchObject({
        content: 'Take two.',
        swipes: ['Take one.', 'Take two.', 'Take three.'],
        swipe_id: 1,
      });
      const again = await exported(copy);
      for (const name of Object.keys(first)) expect(Buffer.from(again[name]!).equals(Buffer.from(first[name]!)), name).toBe(true);
    });

    it("keeps a SillyTavern file's swipes, with mes as the shown one whatever swipe_id says", async () => {
      const jsonl = chatJsonl('Mira', [
        { mes: 'Greeting A', swipes: ['Greeting A', 'Greeting B'], swipe_id: 0 } as never,
        { mes: 'Hi', is_user: true },
        { mes: 'Reply B', swipes: ['Reply A', 'Reply B', 'Reply C'], swipe_id: 7 } as never,
        { mes: 'Lonely', swipes: ['Lonely'], swipe_id: 0 } as never,
      ]);
      const imported = await importArchive(test, alice, zipSync({ 'Mira.jsonl': strToU8(jsonl) }));
      expect(imported.statusCode).toBe(200);
      const read = await messages(imported.json().imported[0].chat_id);
      expect(read[0]).toMatchObject({ content: 'Greeting A', swipes: ['Greeting A', 'Greeting B'], swipe_id: 0 });
      expect(read[2]).toMatchObject({ content: 'Reply B', swipes: ['Reply A', 'Reply B', 'Reply C'], swipe_id: 1 });
      expect(read[3]!.swipes).toBeUndefined();
      expect(imported.json().imported[0].message_count).toBe(4);
    });
  });
});
