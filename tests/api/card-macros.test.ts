import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCard } from '@core/card/index';
import { fillGreeting } from '@core/chat/index';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete } from './chat-helpers';
import { databases, type TestApp } from './helpers';

const GREETING =
  '{{// Note to self: keep this short.}}*{{char}} looks up.* "{{random::Rain::Sun::Fog}} again, {{user}}. I rolled {{roll:d20}}; the {{pick::owl::heron::frog}} agrees."';
const TIMED_GREETING = "It is {{time}} on {{weekday}}.{{// the clock is the person's}}";
const fields = {
  name: 'Mira',
  first_mes: GREETING,
  alternate_greetings: [TIMED_GREETING],
  description: 'Today is {{isodate}}.',
  extensions: { depth_prompt: { prompt: '{{char}} hides a secret from {{user}}.', depth: 1, role: 'system' } },
  character_book: {
    entries: [
      {
        id: 1,
        keys: ['storm'],
        content: 'A storm is coming ({{roll:d6}}).',
        enabled: true,
        insertion_order: 100,
        extensions: { sticky: 3 },
      },
    ],
  },
};
const macroText = /\{\{|\}\}/;

describe.each(databases)("a card's macros in stored greetings and prompts (%s)", (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, card } = await chatTestBed(dialect, {}, fields));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  const sent = () => (fake.requests.at(-1)!.body.messages as { role: string; content: string }[]).map((m) => m.content);

  it('stores the greeting with its macros filled, its {{random}} and {{pick}} as the app showed it, and no author note', async () => {
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: card, text: 'Hello', greetingIndex: 0, timeZone: 'Europe/Paris' });
    expect(response.statusCode, response.body).toBe(200);
    const greeting = response.json().greeting.content as string;
    expect(greeting).not.toMatch(macroText);
    expect(greeting).not.toContain('Note to self');
    expect(greeting).toMatch(/^\*Mira looks up\.\* "(Rain|Sun|Fog) again, alice\. I rolled \d+; the (owl|heron|frog) agrees\."$/);
    // The app fills the greeting with the same function and seed before the chat exists: the same text.
    const shown = fillGreeting(normalizeCard({ spec: 'chara_card_v2', spec_version: '2.0', data: fields }).card, GREETING, {
      userName: 'alice',
      chatId,
    });
    expect(greeting).toBe(shown);
  });

  it("fills the time in the person's time zone, the server's when the app sends none or an unknown one", async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Not/AZone', undefined]) {
      const response = await complete(test, alice, { chatId: randomUUID(), characterId: card, text: 'Hi', greetingIndex: 1, timeZone });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().greeting.content).toMatch(/^It is \d{1,2}:\d{2} (AM|PM) on \w+day\.$/);
    }
    const dates = [];
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await complete(test, alice, { chatId: randomUUID(), characterId: card, text: 'What day is it?', timeZone });
      dates.push(sent().find((content) => content.startsWith('Today is')));
    }
    // 25 hours apart: never the same date.
    expect(dates[0]).not.toBe(dates[1]);
  });

  it("sends the character's note at its depth and no macro text, and keeps a sticky lorebook entry with the chat", async () => {
    const chatId = randomUUID();
    fake.next({ kind: 'reply', text: 'Indeed.' });
    await complete(test, alice, { chatId, characterId: card, text: 'A storm, you say?', greetingIndex: 0 });
    const first = sent();
    expect(first.join('\n')).not.toMatch(macroText);
    expect(first.at(-2)).toBe('Mira hides a secret from alice.');
    expect(first.some((content) => /^A storm is coming \(\d\)\.$/.test(content))).toBe(true);

    // Two messages later the key is gone from the last two scanned, but the entry is sticky for 3.
    await complete(test, alice, { chatId, text: 'Calm now.' });
    expect(sent().some((content) => content.startsWith('A storm is coming'))).toBe(true);
    const stored = await test.db.kysely.selectFrom('chats').select('chat_metadata').where('id', '=', chatId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.chat_metadata!).timedWorldInfo.sticky['character_book.1']).toMatchObject({ start: 2, end: 5 });
  });
});
