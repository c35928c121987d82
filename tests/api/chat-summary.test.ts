import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary, LastPrompt } from '@core/contract';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import { until } from '../support/until';
import type { Uploader } from './cards';
import { chatTestBed, complete, exportChat, getChat, importFiles, jobEnded } from './chat-helpers';
import { databases, type TestApp } from './helpers';

/** Words only SillyTavern's Summarize instruction has: they tell a summary request from a reply. */
const ASKS_SUMMARY = 'Summarize the most important facts';
const long = 'The tide rises over the rocks and the gulls cry out across the water. '.repeat(6);

// The jobs thread that writes summaries starts from the TypeScript sources on its first job: seconds on a busy machine.
describe.each(databases)("a chat's automatic summary (%s)", { timeout: 120_000 }, (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    // A small window, so a few messages overflow it.
    ({ fake, test, alice, bob, card } = await chatTestBed(
      dialect,
      { LLM_CONTEXT_TOKENS: '700', LLM_MAX_TOKENS: '200', RATE_LIMIT_COMPLETIONS_PER_MINUTE: '1000' },
      { name: 'Mira', description: 'A lighthouse keeper.' },
    ));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const summaryOf = async (user: Uploader, chatId: string) =>
    test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/summary`, headers: user.headers });
  const putSummary = (user: Uploader, chatId: string, body: { text: string; off: boolean }) =>
    test.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/summary`, headers: user.headers, payload: body });
  const regenerate = (user: Uploader, chatId: string) =>
    test.app.inject({ method: 'POST', url: `/api/chats/${chatId}/summary/regenerate`, headers: user.headers });
  const lastPrompt = async (user: Uploader, chatId: string) =>
    (await test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/prompt`, headers: user.headers })).json().prompt as LastPrompt;
  const summaryRequests = (tag: string) =>
    fake.requests.filter(
      (r) => JSON.stringify(r.body.messages ?? []).includes(ASKS_SUMMARY) && JSON.stringify(r.body.messages).includes(tag),
    );
  const storedSummary = (user: Uploader, chatId: string, text: string) =>
    until(`the summary '${text}'`, async () => {
      const summary = (await summaryOf(user, chatId)).json() as ChatSummary;
      return summary.text === text ? summary : undefined;
    });

  /** A chat whose history has started to fall out of its prompt: its every message carries `tag`. */
  async function overflowingChat(user: Uploader, tag: string) {
    const chatId = randomUUID();
    expect((await complete(test, user, { chatId, characterId: card, text: `${tag} ${long}` })).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) {
      expect((await complete(test, user, { chatId, text: `${tag} ${i} ${long}` })).statusCode).toBe(200);
      if ((await lastPrompt(user, chatId)).dropped_history > 0) return chatId;
    }
    throw new Error('the history never overflowed');
  }

  it('is asked for once history falls out, is no message of the chat, and goes into the next prompt where that history was', async () => {
    fake.nextWhen([ASKS_SUMMARY, 'tag-a'], { kind: 'reply', text: 'Mira waits for Ilse.' });
    const chatId = await overflowingChat(alice, 'tag-a');
    const summary = await storedSummary(alice, chatId, 'Mira waits for Ilse.');
    expect(summary).toMatchObject({ off: false, demo: false });
    expect(summary.covers).toBeGreaterThan(0);
    const sent = summaryRequests('tag-a');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.model).toBe('fake-model');
    const messages = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(JSON.stringify(messages)).not.toContain('Mira waits for Ilse.');

    expect((await complete(test, alice, { chatId, text: `tag-a next ${long}` })).statusCode).toBe(200);
    const reply = fake.requests.filter((r) => !JSON.stringify(r.body.messages).includes(ASKS_SUMMARY)).at(-1)!;
    const contents = (reply.body.messages as { content: string }[]).map((m) => m.content);
    const at = contents.indexOf('[Summary: Mira waits for Ilse.]');
    expect(at).toBe(contents.indexOf('[Start a new Chat]') + 1);
    const prompt = await lastPrompt(alice, chatId);
    expect(prompt.parts.find((part) => part.kind === 'summary')).toMatchObject({ message: at });
  });

  it('is tried once more when the AI fails it', async () => {
    fake.nextWhen([ASKS_SUMMARY, 'tag-b'], { kind: 'status', status: 500, body: '{"error":{"message":"boom"}}' });
    fake.nextWhen([ASKS_SUMMARY, 'tag-b'], { kind: 'reply', text: 'The second try.' });
    const chatId = await overflowingChat(alice, 'tag-b');
    await storedSummary(alice, chatId, 'The second try.');
    expect(summaryRequests('tag-b')).toHaveLength(2);
  });

  it('is edited and switched off per chat: an edit goes into the prompt, off asks nothing and sends nothing', async () => {
    fake.nextWhen([ASKS_SUMMARY, 'tag-d'], { kind: 'reply', text: 'Written by the AI.' });
    const chatId = await overflowingChat(alice, 'tag-d');
    await storedSummary(alice, chatId, 'Written by the AI.');
    const edited = await putSummary(alice, chatId, { text: '  Ilse is Mira’s sister.  ', off: false });
    expect(edited.json()).toMatchObject({ text: 'Ilse is Mira’s sister.', off: false });
    await complete(test, alice, { chatId, text: `tag-d again ${long}` });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('[Summary: Ilse is Mira’s sister.]');

    expect((await putSummary(alice, chatId, { text: 'Ilse is Mira’s sister.', off: true })).json()).toMatchObject({ off: true });
    const before = summaryRequests('tag-d').length;
    for (let i = 0; i < 12; i++) await complete(test, alice, { chatId, text: `tag-d off ${i} ${long}` });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).not.toContain('[Summary:');
    expect((await lastPrompt(alice, chatId)).parts.some((part) => part.kind === 'summary')).toBe(false);
    expect(summaryRequests('tag-d')).toHaveLength(before);
    expect((await regenerate(alice, chatId)).json()).toMatchObject({ error: 'summary_off' });
  });

  it('is written again on request, from the messages it covers', async () => {
    fake.nextWhen([ASKS_SUMMARY, 'tag-e'], { kind: 'reply', text: 'First.' });
    const chatId = await overflowingChat(alice, 'tag-e');
    await storedSummary(alice, chatId, 'First.');
    fake.nextWhen([ASKS_SUMMARY, 'tag-e'], { kind: 'reply', text: 'Written again.' });
    const started = await regenerate(alice, chatId);
    expect(started.statusCode, started.body).toBe(202);
    expect((await jobEnded(test, started.json().job.id)).state).toBe('done');
    expect(((await summaryOf(alice, chatId)).json() as ChatSummary).text).toBe('Written again.');
    // Written from the start, not from the summary so far.
    expect(JSON.stringify(summaryRequests('tag-e').at(-1)!.body.messages)).not.toContain('First.');
  });

  it('travels in the SillyTavern export under a key of its own and reads back on import', async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Hello' });
    await putSummary(alice, chatId, { text: 'Mira keeps the lamp.', off: false });
    const file = await exportChat(test, alice, chatId, 'jsonl');
    const header = JSON.parse(file.body.split('\n')[0]!);
    expect(header.chat_metadata.cardchat_summary).toMatchObject({ text: 'Mira keeps the lamp.', off: false });
    // Into another account: the same file again into this one is the chat here, and adds nothing.
    const imported = await importFiles(test, bob, [{ name: 'mira.jsonl', bytes: new TextEncoder().encode(file.body) }]);
    const [copy] = imported.json().imported as { chat_id: string }[];
    expect((await summaryOf(bob, copy!.chat_id)).json()).toMatchObject({ text: 'Mira keeps the lamp.' });
  });

  it("answers 404 for another user's chat, 409 while nothing has left the prompt, 400 past the length", async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Hello' });
    expect((await summaryOf(bob, chatId)).statusCode).toBe(404);
    expect((await putSummary(bob, chatId, { text: 'x', off: false })).statusCode).toBe(404);
    expect((await regenerate(bob, chatId)).statusCode).toBe(404);
    expect((await regenerate(alice, chatId)).json()).toMatchObject({ error: 'summary_nothing' });
    expect((await putSummary(alice, chatId, { text: 'x'.repeat(4001), off: false })).statusCode).toBe(400);
    expect((await summaryOf(alice, chatId)).json()).toEqual({ text: '', off: false, covers: 0, updated_at: null, demo: false });
  });
  // Last: the summary it leaves hanging is the account's one at a time.
  it('never holds up the reply the person asked for', async () => {
    fake.nextWhen([ASKS_SUMMARY, 'tag-c'], { kind: 'hang' });
    const chatId = await overflowingChat(alice, 'tag-c');
    await until('the summary request to hang', async () => (summaryRequests('tag-c').length > 0 && fake.active > 0) || undefined);
    const reply = await complete(test, alice, { chatId, text: `tag-c meanwhile ${long}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().reply.content).toContain('This is the fake AI answering.');
  });
});

describe.each(databases)("a chat's summary and the person's limit on replies (%s)", { timeout: 120_000 }, (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, card } = await chatTestBed(
      dialect,
      { LLM_CONTEXT_TOKENS: '700', LLM_MAX_TOKENS: '200', RATE_LIMIT_COMPLETIONS_PER_MINUTE: '4' },
      { name: 'Mira', description: 'A lighthouse keeper.' },
    ));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('counts a summary request as a reply: the limit is reached one reply sooner', async () => {
    const chatId = randomUUID();
    const answers: number[] = [];
    // Replies 1-3 fit the limit of 4 alone; the summary asked after the third overflowing reply takes the fourth place.
    for (let i = 0; i < 4; i++) {
      const response = await complete(test, alice, { chatId, characterId: i === 0 ? card : undefined, text: `${i} ${long}` });
      answers.push(response.statusCode);
    }
    // Counted when it is asked for, after the reply that overflowed, whenever the jobs thread gets to it.
    const asked = await test.db.kysely.selectFrom('jobs').select('id').where('kind', '=', 'chat_summary').execute();
    expect(asked).toHaveLength(1);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect((await jobEnded(test, asked[0]!.id)).state).toBe('done');
  });
});
