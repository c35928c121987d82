/**
 * Outbound requests go only to the configured LLM and image endpoints, and redirects are not
 * followed (SSRF): an endpoint that answers 302/307 toward another host gets a clear 502, and that
 * host sees nothing. URLs inside cards, chats and profiles are never fetched by the server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makePng, writeCard } from '@core/card/index';
import { testCard } from '../../support/cards';
import { upload, userOf, type Uploader } from '../cards';
import { complete, exportChat, getChat, importArchive, ownCard } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { expectErrorJson } from './access-fixtures';

interface Host {
  origin: string;
  /** Requests received, by path. */
  hits: string[];
  /** TCP connections accepted: an https:// URL to this host would connect without a readable request. */
  connections: number;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 that records every request and answers with `answer`. */
async function startHost(answer: (res: http.ServerResponse) => void): Promise<Host> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    req.on('end', () => answer(res));
  });
  server.on('connection', () => (host.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host: Host = {
    origin: `http://127.0.0.1:${port}`,
    hits,
    connections: 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return host;
}

/** What a fetched attacker URL would get: a plausible answer, so following it would "work". */
const attackerAnswer = (res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: [{ b64_json: '' }], choices: [{ delta: { content: 'pwned' } }] }));
};

describe.each(databases)('outbound requests (%s)', (dialect) => {
  let attacker: Host;
  let redirector: Host;
  let redirectStatus = 302;
  let test: TestApp;
  let user: Uploader;

  beforeAll(async () => {
    attacker = await startHost(attackerAnswer);
    redirector = await startHost((res) => {
      res.writeHead(redirectStatus, { location: `${attacker.origin}/stolen` });
      res.end();
    });
    test = await createTestApp(dialect, {
      LLM_BASE_URL: `${redirector.origin}/v1`,
      LLM_API_KEY: 'sk-secret-llm-key',
      IMAGE_BASE_URL: `${redirector.origin}/v1`,
      IMAGE_API_KEY: 'sk-secret-image-key',
    });
    user = await userOf(test, 'outbound-user');
  });
  afterEach(() => {
    expect(attacker.hits).toEqual([]);
    expect(attacker.connections).toBe(0);
  });
  afterAll(async () => {
    await test.close();
    await redirector.close();
    await attacker.close();
  });

  it.each([302, 307])(
    'refuses an LLM endpoint that answers %i: a clear 502, the message kept once, the target never asked',
    async (status) => {
      redirectStatus = status;
      const before = redirector.hits.length;
      const chatId = randomUUID();
      const card = await ownCard(test, user, testCardWith({}));
      for (const stream of [false, true]) {
        const response = await complete(test, user, {
          chatId,
          characterId: card,
          text: `Hello via ${status}`,
          stream,
          key: `key-${status}`,
        });
        const body = expectErrorJson(response, 502);
        expect(body).toEqual({
          error: 'upstream_error',
          message: 'The AI service answered with a redirect, which cardchat does not follow. Ask the operator to check LLM_BASE_URL.',
        });
      }
      expect(redirector.hits.slice(before)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
      const messages = (await getChat(test, user, { chat_id: chatId })).json().data as { role: string; content: string }[];
      expect(messages.filter((m) => m.content === `Hello via ${status}`)).toHaveLength(1);
    },
  );

  it.each([302, 307])('refuses an image endpoint that answers %i with a clear 502', async (status) => {
    redirectStatus = status;
    const chatId = randomUUID();
    const card = await ownCard(test, user, testCardWith({}));
    // The reply fails (the LLM redirects too), but the chat and the user's message exist.
    await complete(test, user, { chatId, characterId: card, text: 'Paint me' });
    const before = redirector.hits.length;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/chats/photo',
      headers: user.headers,
      payload: { chat_id: chatId },
    });
    expect(expectErrorJson(response, 502)).toEqual({
      error: 'image_service_failed',
      message: 'The image service answered with a redirect, which cardchat does not follow. Ask the operator to check IMAGE_BASE_URL.',
    });
    expect(redirector.hits.slice(before)).toEqual(['/v1/images/generations']);
  });

  /** A card whose every URL-shaped field points at the attacker. */
  function testCardWith(extra: Record<string, unknown>) {
    const url = (name: string) => `${attacker.origin}/${name}`;
    const card = testCard({
      first_mes: `Look: ${url('first-mes')} <img src="${url('first-mes-img')}">`,
      creator_notes: `![portrait](${url('notes-md.png')}) <img src="${url('notes-img.png')}"> ${url('notes-link')}`,
      description: `<svg><image href="${url('svg-href')}"/></svg>`,
      assets: [{ type: 'icon', uri: url('asset-icon.png'), name: 'main', ext: 'png' }],
      extensions: { chub: { avatar: url('chub-avatar.png') }, depth_prompt: { prompt: url('depth') } },
      ...extra,
    });
    const png = makePng({ width: 3, height: 3, rgba: new Uint8Array(36).map(() => Math.floor(Math.random() * 256)) });
    return writeCard(png, { ...card, avatar: url('avatar.png'), chat: url('chat') });
  }

  it('never fetches the URLs a card, a chat or a profile carries', async () => {
    // The demo AI, so the chat itself succeeds.
    const demo = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0' });
    try {
      const reader = await userOf(demo, 'url-reader');
      const uploaded = await upload(demo, reader, testCardWith({}));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const card = uploaded.json().data.file_id as string;
      const chatId = randomUUID();
      const reply = await complete(demo, reader, { chatId, characterId: card, text: `Fetch ${attacker.origin}/from-chat please` });
      expect(reply.statusCode, reply.body).toBe(200);
      for (const url of [
        `/api/upload/card/${card}`,
        `/api/characters/${card}`,
        `/api/upload/image/thumbnail/${card}/240.webp`,
        `/api/upload/image/user/${card}`,
      ]) {
        expect((await demo.app.inject({ method: 'GET', url, headers: reader.headers })).statusCode, url).toBe(200);
      }
      const exported = await exportChat(demo, reader, chatId);
      expect(exported.statusCode).toBe(200);
      expect((await importArchive(demo, reader, exported.rawPayload)).statusCode).toBe(200);
      const profile = await demo.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: reader.headers,
        payload: { picture: `${attacker.origin.replace('http:', 'https:')}/picture.png` },
      });
      expect(profile.statusCode, profile.body).toBe(200);
      expect((await demo.app.inject({ method: 'GET', url: '/api/users/profile', headers: reader.headers })).statusCode).toBe(200);
      // An SVG labelled as PNG, pointing at the attacker: the image decoder must not load it.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="4"><image xlink:href="${attacker.origin}/svg-image.png" width="4" height="4"/></svg>`;
      await demo.app.inject({
        method: 'POST',
        url: '/api/character-replacement/replace',
        headers: reader.headers,
        payload: { original_file_id: card, new_image: `data:image/png;base64,${Buffer.from(svg).toString('base64')}` },
      });
    } finally {
      await demo.close();
    }
  });
});
