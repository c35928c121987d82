import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary, LastPrompt } from '@core/contract';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { testCardPng } from '../support/cards';
import { until } from '../support/until';
import { userOf, type Uploader } from './cards';
import { complete, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

const ASKS_SUMMARY = 'Summarize the most important facts';
const long = 'The tide rises over the rocks and the gulls cry out across the water. '.repeat(6);

/**
 * A person with their own AI key has their chat's summary written by that same service, with their
 * key and model: the operator's service is never asked, and the operator's limit does not hold them.
 */
// The jobs thread that writes summaries starts from the TypeScript sources on its first job: seconds on a busy machine.
describe.each(databases)('a summary with the person’s own AI key (%s)', { timeout: 120_000 }, (dialect) => {
  let server: FakeOpenAI;
  let own: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let card: string;

  beforeAll(async () => {
    server = await startFakeOpenAI();
    own = await startFakeOpenAI();
    test = await createTestApp(dialect, {
      LLM_BASE_URL: server.baseUrl,
      LLM_MODEL: 'server-model',
      USER_AI_ENDPOINTS: own.baseUrl,
      // A small window, so a few messages overflow it; a limit the replies alone would pass.
      LLM_CONTEXT_TOKENS: '700',
      LLM_MAX_TOKENS: '200',
      RATE_LIMIT_COMPLETIONS_PER_MINUTE: '2',
    });
    alice = await userOf(test, 'alice');
    card = await ownCard(test, alice, testCardPng({ name: 'Mira', description: 'A lighthouse keeper.' }));
  });
  afterAll(async () => {
    await test.close();
    await server.close();
    await own.close();
  });

  it('goes to their service with their model, never to the operator’s', async () => {
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/users/me/ai-key',
      headers: alice.headers,
      payload: { endpoint: own.baseUrl, model: 'her-model', key: 'sk-alice-summary-key-1234' },
    });
    expect(saved.statusCode).toBe(200);
    own.nextWhen([ASKS_SUMMARY], { kind: 'reply', text: 'Mira keeps the light for Ilse.' });
    const chatId = randomUUID();
    expect((await complete(test, alice, { chatId, characterId: card, text: long })).statusCode).toBe(200);
    const dropped = async () =>
      ((await test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/prompt`, headers: alice.headers })).json().prompt as LastPrompt)
        .dropped_history;
    for (let i = 0; (await dropped()) === 0; i++) {
      expect(i).toBeLessThan(8);
      expect((await complete(test, alice, { chatId, text: `${i} ${long}` })).statusCode).toBe(200);
    }
    await until('the summary', async () => {
      const summary = (
        await test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/summary`, headers: alice.headers })
      ).json() as ChatSummary;
      return summary.text === 'Mira keeps the light for Ilse.' ? summary : undefined;
    });
    const asked = own.requests.filter((r) => JSON.stringify(r.body.messages ?? []).includes(ASKS_SUMMARY));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.model).toBe('her-model');
    expect(server.requests).toHaveLength(0);
  });
});
