import { randomUUID } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@core/contract';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, exportChat, getChat, importArchive } from './chat-helpers';
import { databases, type TestApp } from './helpers';

/** A thinking model's reasoning: streamed, stored apart from the reply per version, never in a prompt, exported as SillyTavern does. */
describe.each(databases)('reasoning (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(dialect, {}, { name: 'Sage', first_mes: 'Ask me.' }));
    fake.setDefault({ kind: 'reply' });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const messagesOf = async (chatId: string, user = alice): Promise<ChatMessage[]> =>
    (await getChat(test, user, { chat_id: chatId })).json().data;
  const lastPrompt = () => JSON.stringify(fake.requests.at(-1)!.body.messages);

  it('streams reasoning_content apart from the text, stores it with the reply and never sends it back', async () => {
    const chatId = randomUUID();
    fake.next({ kind: 'reply', reasoning: 'The user greets me. I should greet back.', text: 'Hello there.' });
    const first = await complete(test, alice, { chatId, characterId: card, text: 'Hi.', greetingIndex: 0, stream: true });
    const events = first.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: {'))
      .map((block) => JSON.parse(block.slice(6)).choices[0].delta);
    const streamed = events.map((delta) => delta.reasoning_content ?? '').join('');
    expect(streamed).toBe('The user greets me. I should greet back.');
    expect(events.map((delta) => delta.content ?? '').join('')).toBe('Hello there.');

    const reply = (await messagesOf(chatId)).at(-1)!;
    expect(reply.content).toBe('Hello there.');
    expect(reply.reasoning).toEqual([{ text: 'The user greets me. I should greet back.', duration_ms: expect.any(Number) }]);

    await complete(test, alice, { chatId, text: 'And now?' });
    expect(lastPrompt()).toContain('Hello there.');
    expect(lastPrompt()).not.toContain('I should greet back');
  });

  it("reads OpenRouter's reasoning and a leading <think> block, and keeps each version's own", async () => {
    const chatId = randomUUID();
    fake.next({ kind: 'reply', reasoning: 'First thought.', reasoningField: 'reasoning', text: 'One.' });
    await complete(test, alice, { chatId, characterId: card, text: 'Go.' });
    fake.next({ kind: 'reply', text: 'Two.' });
    await complete(test, alice, { chatId, regenerate: true });
    fake.next({ kind: 'reply', text: '<think>\nThird thought.\n</think>\n\nThree.' });
    const third = await complete(test, alice, { chatId, regenerate: true });
    expect(third.json().reply).toMatchObject({
      content: 'Three.',
      swipes: ['One.', 'Two.', 'Three.'],
      reasoning: [{ text: 'First thought.' }, null, { text: 'Third thought.' }],
    });

    await complete(test, alice, { chatId, text: 'More.' });
    expect(lastPrompt()).not.toContain('thought');
    expect(lastPrompt()).not.toContain('think>');
  });

  it("exports each version's reasoning as SillyTavern's extra.reasoning and reads it back", async () => {
    const chatId = randomUUID();
    fake.next({ kind: 'reply', reasoning: 'Weighing it.', text: 'Yes.' });
    await complete(test, alice, { chatId, characterId: card, text: 'Well?' });
    fake.next({ kind: 'reply', reasoning: 'Again.', text: 'No.' });
    await complete(test, alice, { chatId, regenerate: true });

    const response = await exportChat(test, alice, chatId, 'jsonl');
    const line = JSON.parse(response.body.trim().split('\n').at(-1)!);
    expect(line.extra).toMatchObject({ reasoning: 'Again.', reasoning_duration: expect.any(Number) });
    expect(line.swipe_info.map((info: { extra: { reasoning?: string } }) => info.extra.reasoning)).toEqual(['Weighing it.', 'Again.']);

    const zip = unzipSync(new Uint8Array((await exportChat(test, alice, chatId)).rawPayload));
    // Into another account: the same archive again into this one is the chat here, and adds nothing.
    const imported = await importArchive(test, bob, zipSync(zip));
    const copyId = imported.json().imported[0].chat_id as string;
    const copy = (await messagesOf(copyId, bob)).at(-1)!;
    expect(copy.reasoning).toEqual((await messagesOf(chatId)).at(-1)!.reasoning);
  });
});
