import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROW, GALLERY_FIRST_PAGE_URL, PORTRAIT_SIZES } from '@core/gallery';
import type { PublicImagesResponse } from '@core/contract';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

/** The body as sent, decoded by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return raw.toString('utf8');
}

const asking = (encoding: string) => ({ 'accept-encoding': encoding });

// Long enough that a list of a few cards is well over the 1 KiB threshold.
const LONG_TEXT = 'She keeps the lighthouse and the logbook of every ship that passed it. '.repeat(12);

describe.each(databases)('compressed API answers (%s)', (dialect) => {
  const ADMIN = 'keeper@example.com';
  let fake: FakeOpenAI;
  let test: TestApp;
  let admin: Uploader;
  let reader: Uploader;
  let card: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN, LLM_BASE_URL: fake.baseUrl });
    admin = await userOf(test, 'keeper', ADMIN);
    reader = await userOf(test, 'reader');
    for (const name of ['Ada', 'Brin', 'Cato', 'Dara']) {
      const response = await upload(test, admin, cardPng({ name, description: LONG_TEXT }), { public_release: 'true' });
      expect(response.statusCode).toBe(200);
    }
    for (const name of ['Eli', 'Fen', 'Gus']) card = await ownCard(test, reader, cardPng({ name, description: LONG_TEXT }));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('sends a gallery page in brotli or gzip as the client accepts, and plain to one that accepts neither', async () => {
    const plain = await test.app.inject({ method: 'GET', url: GALLERY_FIRST_PAGE_URL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().total).toBe(4);
    for (const [accepted, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      const response = await test.app.inject({ method: 'GET', url: GALLERY_FIRST_PAGE_URL, headers: asking(accepted) });
      expect(response.headers['content-encoding'], accepted).toBe(expected);
      expect(response.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(response), accepted).toBe(plain.body);
    }
    const identity = await test.app.inject({ method: 'GET', url: GALLERY_FIRST_PAGE_URL, headers: asking('identity') });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it("compresses a search of the gallery and the user's character list", async () => {
    const search = await test.app.inject({ method: 'GET', url: '/api/upload/image?q=a&limit=20', headers: asking('br') });
    expect(search.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(search)).total).toBeGreaterThan(0);
    const characters = await test.app.inject({
      method: 'GET',
      url: '/api/characters',
      headers: { ...reader.headers, ...asking('gzip, br') },
    });
    expect(characters.statusCode).toBe(200);
    expect(characters.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(characters)).data).toHaveLength(3);
  });

  it('leaves small answers, images and archives as they are', async () => {
    const health = await test.app.inject({ method: 'GET', url: '/api/health', headers: asking('br, gzip') });
    expect(health.headers['content-encoding']).toBeUndefined();
    const gallery = (await test.app.inject({ method: 'GET', url: GALLERY_FIRST_PAGE_URL })).json();
    const first = gallery.data[0];
    for (const url of [first.url, first.thumbnail_url]) {
      const image = await test.app.inject({ method: 'GET', url, headers: asking('br, gzip') });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type'], url).toMatch(/^image\//);
      expect(image.headers['content-encoding'], url).toBeUndefined();
    }
    const chatId = randomUUID();
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: { ...reader.headers, 'idempotency-key': randomUUID() },
      payload: { chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Hello' }] },
    });
    expect(sent.statusCode).toBe(200);
    const zip = await test.app.inject({
      method: 'POST',
      url: '/api/chats/export',
      headers: { ...reader.headers, ...asking('br, gzip') },
      payload: { chat_id: chatId },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toContain('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body, so a small gzip cannot grow past the body limits', async () => {
    const chatId = randomUUID();
    const headers = { ...reader.headers, 'content-type': 'application/json' };
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(started.statusCode).toBe(200);
    const body = { chatId, content: 'Sent compressed' };
    // The same body is taken plain and refused gzipped: it is read as the bytes that came, never inflated.
    const gzipped = await test.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...headers, 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(body)),
    });
    expect(gzipped.statusCode).toBe(400);
    expect(gzipped.json().error).toEqual(expect.any(String));
    const plain = await test.app.inject({ method: 'POST', url: '/api/messages', headers, payload: body });
    expect(plain.statusCode).toBe(201);
  });

  it('streams a reply uncompressed, each token as it comes, to a client that accepts compression', async () => {
    // The model sends two words and then nothing more: a buffering compressor would show nothing.
    fake.next({ kind: 'stall', afterWords: 2 });
    const origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const response = await fetch(`${origin}/api/chat/completions`, {
        method: 'POST',
        headers: { ...reader.headers, ...asking('br, gzip'), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          chat_id: randomUUID(),
          character_id: card,
          messages: [{ role: 'user', content: 'A long story' }],
          stream: true,
        }),
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      const stream = response.body!.getReader();
      let received = '';
      while (!received.includes('chat.completion.chunk')) received += new TextDecoder().decode((await stream.read()).value);
      expect(received).toContain('data: ');
    } finally {
      controller.abort();
      test.app.server.closeAllConnections();
    }
  });
});

/** A stand-in for `vite build`'s output with the .br and .gz copies its precompress step writes. */
function writeCompressedDist(dir: string): Record<string, string> {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>cardchat</title><div id="root"></div>' + '<!-- padding -->'.repeat(100),
    'assets/index-abc123.js': `console.log(${JSON.stringify('a chunk of the app '.repeat(200))});`,
    'assets/index-abc123.css': 'body { color: white; }\n'.repeat(200),
  };
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  return files;
}

describe('the built app, precompressed', () => {
  let test: TestApp;
  let files: Record<string, string>;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cardchat-dist-'));
    files = writeCompressedDist(distDir);
    test = await createTestApp('sqlite', { DIST_DIR: distDir, ADMIN_EMAILS: 'keeper@example.com' });
  });
  afterAll(() => test.close());

  it("sends the build's brotli or gzip copy of JS and CSS with Vary, and the plain file when neither is accepted", async () => {
    for (const name of ['assets/index-abc123.js', 'assets/index-abc123.css']) {
      for (const [accepted, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const response = await test.app.inject({ method: 'GET', url: `/${name}`, headers: accepted ? asking(accepted) : {} });
        expect(response.statusCode, `${name} ${accepted}`).toBe(200);
        expect(response.headers['content-encoding'], `${name} ${accepted}`).toBe(expected);
        expect(response.headers.vary, `${name} ${accepted}`).toMatch(/accept-encoding/i);
        expect(response.headers['content-type'], name).toMatch(name.endsWith('.js') ? /javascript/ : /text\/css/);
        expect(response.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
        expect(decoded(response), `${name} ${accepted}`).toBe(files[name]);
      }
    }
  });

  it("sends the shell compressed, and on Home names the gallery's first page as a preload", async () => {
    const home = await test.app.inject({ method: 'GET', url: '/', headers: asking('br') });
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(decoded(home)).toBe(files['index.html']);
    expect(home.headers.link).toBe(`<${GALLERY_FIRST_PAGE_URL}>; rel=preload; as=fetch; crossorigin`);
    for (const url of ['/?q=elf', '/collections', '/recent-chat?chat=1']) {
      const other = await test.app.inject({ method: 'GET', url, headers: asking('gzip') });
      expect(other.headers['content-encoding'], url).toBe('gzip');
      expect(other.headers.link, url).toBeUndefined();
    }
  });

  it("names the first row's pictures in Home's shell, with the grid's srcset and sizes, once the gallery has cards", async () => {
    const admin = await userOf(test, 'keeper', 'keeper@example.com');
    for (const name of ['Ada', 'Brin', 'Cato']) {
      expect((await upload(test, admin, cardPng({ name }), { public_release: 'true' })).statusCode).toBe(200);
    }
    const { data } = (await test.app.inject({ method: 'GET', url: GALLERY_FIRST_PAGE_URL })).json<PublicImagesResponse>();
    const home = await test.app.inject({ method: 'GET', url: '/' });
    const pictures = data
      .slice(0, FIRST_ROW)
      .map(
        (card) =>
          `<${card.thumbnail_url}>; rel=preload; as=image; imagesrcset="${card.thumbnail_srcset}"; imagesizes="${PORTRAIT_SIZES}"; fetchpriority=high`,
      );
    expect(pictures).toHaveLength(2);
    expect(home.headers.link).toBe([`<${GALLERY_FIRST_PAGE_URL}>; rel=preload; as=fetch; crossorigin`, ...pictures].join(', '));
    for (const url of pictures.map((link) => /^<([^>]+)>/.exec(link)![1]!)) {
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
