import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readPresetFile } from '@core/aiSettings/index';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, exportAccount, exportChat } from './chat-helpers';
import { databases, type TestApp } from './helpers';

const DEFAULT_PRESET = readFileSync(new URL('../fixtures/presets/sillytavern-default.json', import.meta.url), 'utf8');

describe.each(databases)('generation settings and presets (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(
      dialect,
      { LLM_CONTEXT_TOKENS: '8192', LLM_MAX_TOKENS: '256', LLM_TEMPERATURE: '0.8', LLM_MODELS: 'fake-large, fake-model' },
      { name: 'Mira', first_mes: 'Hello.' },
    ));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ kind: 'reply' }));

  const call = (user: Uploader, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function newChat(user = alice): Promise<string> {
    const chatId = randomUUID();
    expect((await complete(test, user, { chatId, characterId: card, text: 'Hi' })).statusCode).toBe(200);
    return chatId;
  }
  const samplingSent = () => {
    const { model, messages: _messages, stream: _stream, stream_options: _options, ...sampling } = fake.requests.at(-1)!.body;
    return { model, ...sampling };
  };

  it('sends only the operator defaults while the person has set nothing', async () => {
    await newChat();
    expect(samplingSent()).toEqual({ model: 'fake-model', max_tokens: 256, temperature: 0.8 });
  });

  it('sends exactly the settings chosen: the chat’s own over the person’s defaults, nothing unset', async () => {
    const defaults = await call(alice, 'PUT', '/api/ai-settings/defaults', { temperature: 1.1, top_p: 0.9, top_k: 0 });
    expect(defaults.statusCode, defaults.body).toBe(200);
    // top_k 0 switches it off: not stored, not sent.
    expect(defaults.json()).toEqual({ temperature: 1.1, top_p: 0.9 });

    const chatId = await newChat();
    expect(samplingSent()).toEqual({ model: 'fake-model', max_tokens: 256, temperature: 1.1, top_p: 0.9 });

    const own = {
      temperature: 0.4,
      top_k: 40,
      min_p: 0.05,
      max_tokens: 300,
      repetition_penalty: 1.1,
      stop: ['\nUser:'],
      context_tokens: 4096,
    };
    const put = await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, own);
    expect(put.json()).toEqual({ settings: own, own: true });
    expect((await complete(test, alice, { chatId, text: 'Again' })).statusCode).toBe(200);
    const { context_tokens: _notSent, ...sent } = own;
    expect(samplingSent()).toEqual({ model: 'fake-model', ...sent });

    // Back to the defaults.
    const cleared = await call(alice, 'DELETE', `/api/chats/${chatId}/ai-settings`);
    expect(cleared.json()).toEqual({ settings: { temperature: 1.1, top_p: 0.9 }, own: false });
    expect((await call(alice, 'GET', `/api/chats/${chatId}/ai-settings`)).json()).toEqual(cleared.json());
    await call(alice, 'PUT', '/api/ai-settings/defaults', {});
  });

  it('refuses a number out of range with the range, and stores nothing', async () => {
    const chatId = await newChat();
    const hot = await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, { temperature: 5 });
    expect(hot.statusCode).toBe(400);
    expect(hot.json()).toEqual({ error: 'invalid_settings', message: 'Temperature must be between 0 and 2.' });
    const wide = await call(alice, 'PUT', '/api/ai-settings/defaults', { context_tokens: 32_768 });
    expect(wide.json().message).toBe('Context size must be between 512 and 8192.');
    expect((await call(alice, 'GET', `/api/chats/${chatId}/ai-settings`)).json()).toEqual({ settings: {}, own: false });
  });

  it("answers a service's refusal of a parameter with its reason and the settings that were sent", async () => {
    const chatId = await newChat();
    await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, { top_k: 40 });
    fake.next({
      kind: 'status',
      status: 400,
      body: JSON.stringify({ error: { message: 'Unrecognized request argument supplied: top_k' } }),
    });
    const refused = await complete(test, alice, { chatId, text: 'Hello?' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'The AI service refused the request: Unrecognized request argument supplied: top_k Your AI settings sent top_k: clear the one this service does not accept.',
    );
  });

  it("keeps another person's chat settings and presets out of reach: 404", async () => {
    const chatId = await newChat();
    expect((await call(bob, 'GET', `/api/chats/${chatId}/ai-settings`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/api/chats/${chatId}/ai-settings`, { temperature: 1 })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/chats/${chatId}/ai-settings`)).statusCode).toBe(404);
    const id = randomUUID();
    expect((await call(alice, 'PUT', `/api/ai-presets/${id}`, { name: 'Mine', settings: { temperature: 1 } })).statusCode).toBe(200);
    expect((await call(bob, 'PUT', `/api/ai-presets/${id}`, { name: 'Stolen', settings: {} })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/ai-presets/${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/ai-settings')).json().presets).toEqual([]);
    expect((await call(alice, 'GET', '/api/ai-settings')).json().presets.map((p: { name: string }) => p.name)).toContain('Mine');
    await call(alice, 'DELETE', `/api/ai-presets/${id}`);
  });

  it('saves an imported SillyTavern preset once however often it is sent, renames and deletes it', async () => {
    const read = readPresetFile('Default.json', DEFAULT_PRESET);
    if (!read.ok) throw new Error(read.message);
    const id = randomUUID();
    const body = { name: read.name, settings: read.settings, extra: JSON.stringify(read.extra) };
    const first = await call(alice, 'PUT', `/api/ai-presets/${id}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await call(alice, 'PUT', `/api/ai-presets/${id}`, body)).statusCode).toBe(200);
    const overview = (await call(alice, 'GET', '/api/ai-settings')).json();
    expect(overview.context_cap).toBe(8192);
    const saved = overview.presets.filter((p: { id: string }) => p.id === id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'Default', settings: read.settings });
    expect(JSON.parse(saved[0].extra)).toEqual(read.extra);

    // A rename keeps the file's other fields when it does not send them.
    const renamed = await call(alice, 'PUT', `/api/ai-presets/${id}`, { name: 'Plain', settings: read.settings });
    expect(renamed.json()).toMatchObject({ name: 'Plain', extra: JSON.stringify(read.extra) });
    expect((await call(alice, 'PUT', `/api/ai-presets/${id}`, { name: 'x', settings: {}, extra: '[1]' })).statusCode).toBe(400);
    expect((await call(alice, 'DELETE', `/api/ai-presets/${id}`)).statusCode).toBe(200);
    expect((await call(alice, 'DELETE', `/api/ai-presets/${id}`)).statusCode).toBe(404);
  });

  it('lets a chat pick one of the models the operator offers, sends it, and stores and exports it with the reply', async () => {
    const config = (await test.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.models).toEqual(['fake-model', 'fake-large']);
    expect((await call(alice, 'GET', '/api/ai-settings')).json().models).toEqual(['fake-model', 'fake-large']);

    const chatId = await newChat();
    const refused = await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, { model: 'gpt-5-ultra' });
    expect(refused.json()).toEqual({ error: 'invalid_settings', message: 'This server offers these models: fake-model, fake-large.' });

    expect((await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, { model: 'fake-large' })).statusCode).toBe(200);
    expect((await complete(test, alice, { chatId, text: 'Bigger brain?' })).statusCode).toBe(200);
    expect(fake.requests.at(-1)!.body.model).toBe('fake-large');
    // A new version of the reply, written by the default model again.
    await call(alice, 'DELETE', `/api/chats/${chatId}/ai-settings`);
    await complete(test, alice, { chatId, regenerate: true });
    expect(fake.requests.at(-1)!.body.model).toBe('fake-model');

    const jsonl = (await exportChat(test, alice, chatId, 'jsonl')).body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line));
    expect(jsonl.map((line: { extra: { model?: string } }) => line.extra.model)).toEqual([
      undefined,
      'fake-model',
      undefined,
      'fake-model',
    ]);
    await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, { model: 'fake-large' });
    await complete(test, alice, { chatId, text: 'Once more' });
    const last = (await exportChat(test, alice, chatId, 'jsonl')).body.trim().split('\n').at(-1)!;
    expect(JSON.parse(last).extra).toEqual({ model: 'fake-large' });
  });

  it('go into the data export: the defaults and each chat’s own in profile.json, each preset also as a SillyTavern preset file', async () => {
    const chatId = await newChat();
    expect((await call(alice, 'PUT', `/api/chats/${chatId}/ai-settings`, { top_p: 0.85 })).statusCode).toBe(200);
    const presetId = randomUUID();
    const body = { name: 'Export Me', settings: { temperature: 0.55 }, extra: '{"chat_completion_source":"openai"}' };
    expect((await call(alice, 'PUT', `/api/ai-presets/${presetId}`, body)).statusCode).toBe(200);
    const overview = (await call(alice, 'GET', '/api/ai-settings')).json();

    const entries = unzipSync(new Uint8Array((await exportAccount(test, alice)).rawPayload));
    const profile = JSON.parse(new TextDecoder().decode(entries['profile.json']));
    expect(profile.ai_settings.defaults ?? {}).toEqual(overview.defaults);
    expect(profile.ai_settings.chats).toContainEqual({ chat_id: chatId, settings: { top_p: 0.85 } });
    expect(profile.presets.map((p: { name: string }) => p.name)).toEqual(overview.presets.map((p: { name: string }) => p.name));
    const listed = profile.presets.find((p: { id: string }) => p.id === presetId);
    expect(listed).toMatchObject({ name: 'Export Me', settings: { temperature: 0.55 }, file: 'presets/Export Me.json' });
    const file = new TextDecoder().decode(entries[listed.file]);
    expect(JSON.parse(file)).toMatchObject({ chat_completion_source: 'openai', temperature: 0.55 });
    expect(readPresetFile('Export Me.json', file)).toMatchObject({ ok: true, settings: { temperature: 0.55 } });
    // Bob's export holds none of Alice's.
    const bobs = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array((await exportAccount(test, bob)).rawPayload))['profile.json']),
    );
    expect(bobs.presets.some((p: { id: string }) => p.id === presetId)).toBe(false);
    expect(bobs.ai_settings.chats).toEqual([]);
  });
});
