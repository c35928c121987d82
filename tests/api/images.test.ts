import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, encodeChunk, MESSAGE_UNSUPPORTED_TYPE, PNG_SIGNATURE, readCard, writeCard } from '@core/card/index';
import { updateUser } from '../../server/db/repositories/users';
import { cardPng, multipartBody, plainPng, upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'boss@example.com';

describe.each(databases)('card uploads and images (%s)', (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN });
    admin = await userOf(test, 'admin', ADMIN);
  });
  afterAll(() => test.close());

  async function setPlan(user: Uploader, plan: string) {
    const profile = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers });
    await updateUser(test.db.kysely, profile.json().uid, { plan });
  }

  const get = (url: string, user?: Uploader) => test.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

  function blobFiles(): string[] {
    const root = path.join(test.dataDir, 'blobs');
    return fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true })
          .map(String)
          .filter((f) => /\.(png|webp)$/.test(f))
      : [];
  }

  it('uploads a private card and answers its collection item', async () => {
    const user = await userOf(test, 'up-1');
    const png = cardPng({ name: 'Mira', tags: ['elf', 'mage'], creator: 'Ana' });
    const response = await upload(test, user, { bytes: png, filename: '../../etc/My card*?.PNG' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Image uploaded successfully!' });
    expect(body.data).toMatchObject({
      display_title: 'Mira',
      title: 'Mira',
      filename: 'My card.PNG',
      file_size: png.length,
      width: 4,
      height: 6,
      aspect_ratio: '2:3',
      is_public: 0,
      view_count: 0,
      download_count: 0,
      favorite_count: 0,
      card_data: { spec_version: '3.0', data: { name: 'Mira', tags: ['elf', 'mage'], creator: 'Ana', description: 'A test character.' } },
    });
    const id = body.data.file_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.url).toBe(`/api/upload/image/user/${id}`);
    expect(body.data.thumbnail_url).toBe(`/api/upload/image/thumbnail/${id}/240.webp`);
    expect(body.data.thumbnail_srcset).toContain('480.webp 480w');
    expect(blobFiles()).toEqual(expect.arrayContaining([`cards/${id}.png`, `thumbs/${id}-240.webp`, `thumbs/${id}-480.webp`]));
  });

  it('needs a signed-in user', async () => {
    const { payload, headers } = await multipartBody({ bytes: cardPng() });
    const response = await test.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers });
    expect(response.statusCode).toBe(401);
  });

  it("refuses what is not a card with the upload's messages, never a 500", async () => {
    const user = await userOf(test, 'up-bad');
    const garbageIdat = writeCard(
      concatBytes([
        PNG_SIGNATURE,
        encodeChunk('IHDR', Uint8Array.of(0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0)),
        encodeChunk('IDAT', Uint8Array.of(1, 2, 3, 4, 5)),
        encodeChunk('IEND', new Uint8Array(0)),
      ]),
      readCard(cardPng()).card,
    );
    const cases: [Parameters<typeof upload>[2], string, string][] = [
      [{ bytes: cardPng(), type: 'application/pdf', filename: 'card.pdf' }, 'unsupported_type', MESSAGE_UNSUPPORTED_TYPE],
      [{ bytes: new Uint8Array(20 * 1024 * 1024 + 10) }, 'too_large', 'File size exceeds 20MB limit'],
      [{ bytes: new TextEncoder().encode('GIF89a not a png at all') }, 'bad_signature', 'Invalid PNG file header'],
      [{ bytes: plainPng() }, 'no_card', 'No character data found in PNG'],
      [{ bytes: garbageIdat }, 'corrupt_png', 'The PNG file is damaged or truncated'],
    ];
    for (const [file, error, message] of cases) {
      const response = await upload(test, user, file);
      expect(response.statusCode, error).toBe(400);
      expect(response.json()).toEqual({ error, message });
    }
    expect((await get('/api/collections', user)).json().total).toBe(0);
  });

  it('refuses a form without the image field, and a body that is not multipart', async () => {
    const user = await userOf(test, 'up-form');
    for (const response of [
      await upload(test, user, { bytes: cardPng(), field: 'file' }),
      await (async () => {
        const { payload, headers } = await multipartBody(undefined, { public_release: 'false' });
        return test.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...user.headers } });
      })(),
      await test.app.inject({ method: 'POST', url: '/api/upload/image', headers: user.headers, payload: { image: 'x' } }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_upload');
    }
  });

  it('answers a broken or oversized multipart body with a 4xx, never a 500', async () => {
    const user = await userOf(test, 'up-broken');
    const broken = await test.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'invalid_upload', message: 'The upload was cut off or is not valid multipart/form-data' });

    const form = new FormData();
    form.append('image', new Blob([cardPng() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'a.png');
    form.append('image', new Blob([cardPng() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'b.png');
    const encoded = new Response(form);
    const two = await test.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { ...user.headers, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(two.statusCode).toBe(413);
    expect(two.json().error).toBe('payload_too_large');
    expect((await test.app.inject({ method: 'GET', url: '/api/collections', headers: user.headers })).json().total).toBe(0);
  });

  it('lets only administrators publish public cards', async () => {
    const user = await userOf(test, 'up-pub');
    const refused = await upload(test, user, cardPng(), { public_release: 'true' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only administrators can publish public cards' });
    const published = await upload(test, admin, cardPng({ name: 'Public One' }), { public_release: 'true' });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ is_public: 1, url: `/api/upload/image/${published.json().data.file_id}` });
  });

  it('enforces private slots by plan, naming the plan and its limit; public cards do not count', async () => {
    const user = await userOf(test, 'up-slots');
    for (let i = 0; i < 5; i++) expect((await upload(test, user, cardPng())).statusCode).toBe(200);
    const sixth = await upload(test, user, cardPng());
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({
      error: 'slot_limit',
      message: 'Your Free plan allows 5 private cards. Delete one or upgrade to upload more.',
    });
    await setPlan(user, 'monthly');
    expect((await upload(test, user, cardPng())).statusCode).toBe(200);

    const boss = await userOf(test, 'admin-slots', ADMIN);
    for (let i = 0; i < 6; i++) expect((await upload(test, boss, cardPng(), { public_release: 'true' })).statusCode).toBe(200);
    expect((await upload(test, boss, cardPng())).statusCode).toBe(200);
  });

  it('lets only one of several uploads racing for the last free slot through', async () => {
    const user = await userOf(test, 'up-race');
    for (let i = 0; i < 4; i++) expect((await upload(test, user, cardPng())).statusCode).toBe(200);
    const responses = await Promise.all([upload(test, user, cardPng()), upload(test, user, cardPng()), upload(test, user, cardPng())]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
    expect((await test.app.inject({ method: 'GET', url: '/api/collections', headers: user.headers })).json().total).toBe(5);
  });

  it('refuses the same bytes uploaded twice at once, keeping one', async () => {
    const user = await userOf(test, 'dup-race');
    const png = cardPng();
    const responses = await Promise.all([upload(test, user, png), upload(test, user, png)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const before = blobFiles().length;
    expect((await upload(test, user, png)).statusCode).toBe(409);
    expect(blobFiles()).toHaveLength(before);
  });

  it('refuses the same bytes twice from one user, but not from another', async () => {
    const png = cardPng();
    const first = await userOf(test, 'dup-1');
    expect((await upload(test, first, png)).statusCode).toBe(200);
    const again = await upload(test, first, png);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'duplicate', message: 'You have already uploaded this card.' });
    expect((await upload(test, await userOf(test, 'dup-2'), png)).statusCode).toBe(200);
  });

  describe('reading', () => {
    let owner: Uploader;
    let stranger: Uploader;
    let publicId: string;
    let privateId: string;
    let publicPng: Uint8Array;
    beforeAll(async () => {
      owner = await userOf(test, 'reader-owner');
      stranger = await userOf(test, 'reader-stranger');
      publicPng = cardPng({ name: 'Zed Ølsen', tags: ['Pirate', '100%_real'], creator: 'Quill', personality: 'bold' });
      publicId = (await upload(test, admin, publicPng, { public_release: 'true' })).json().data.file_id;
      privateId = (await upload(test, owner, cardPng({ name: 'Secret', tags: ['hidden'] }))).json().data.file_id;
    });

    it('lists the public gallery newest first, with totals, and never private cards', async () => {
      const response = await get('/api/upload/image?limit=2&offset=0');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ success: true, limit: 2, offset: 0 });
      expect(body.total).toBeGreaterThanOrEqual(8);
      expect(body.data).toHaveLength(2);
      expect(body.data[0]).toMatchObject({
        file_id: publicId,
        title: 'Zed Ølsen',
        display_title: 'Zed Ølsen',
        url: `/api/upload/image/${publicId}`,
        favorite_count: 0,
        card_data: { spec_version: '3.0', data: { name: 'Zed Ølsen', creator: 'Quill', tags: ['Pirate', '100%_real'] } },
      });
      expect(body.data[0].upload_time >= body.data[1].upload_time).toBe(true);
      const all = (await get('/api/upload/image?limit=100')).json();
      expect(all.data.map((i: { file_id: string }) => i.file_id)).not.toContain(privateId);
      expect(all.total).toBe(all.data.length);
      expect((await get('/api/upload/image?limit=0')).statusCode).toBe(400);
      expect((await get('/api/upload/image?q=a%00b')).statusCode).toBe(400);
      expect((await get('/api/upload/image/a%00b')).statusCode).toBe(400);
      expect((await get('/api/upload/card/..%2Fetc')).statusCode).toBe(400);
    });

    it('searches the start of any word of the name, tags and creator, case-insensitively, indexes not wildcards', async () => {
      const ids = async (q: string) =>
        (await get(`/api/upload/image?limit=100&q=${encodeURIComponent(q)}`)).json().data.map((i: { file_id: string }) => i.file_id);
      expect(await ids('zed')).toEqual([publicId]);
      expect(await ids('ØLS')).toEqual([publicId]);
      expect(await ids('PIRA')).toEqual([publicId]);
      expect(await ids('quill')).toEqual([publicId]);
      expect(await ids('100 real')).toEqual([publicId]);
      expect(await ids('zed quill')).toEqual([publicId]);
      // Inside a word, and words the card lacks, find nothing; punctuation is no wildcard, just not a word.
      expect(await ids('ed')).toEqual([]);
      expect(await ids('zed nobody')).toEqual([]);
      expect(await ids('%_')).toEqual(await ids(''));
      expect(await ids('secret')).toEqual([]);
      const search = (await get('/api/upload/image?q=pirate')).json();
      expect(search).toMatchObject({ total: 1, has_more: false });
    });

    it('serves a public PNG to anyone, cacheable, and counts downloads', async () => {
      const response = await get(`/api/upload/image/${publicId}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(new Uint8Array(response.rawPayload)).toEqual(publicPng);
      expect(response.headers['content-disposition']).toBeUndefined();

      const download = await get(`/api/upload/image/${publicId}?download=1`);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Zed _lsen.png"; filename*=UTF-8''${encodeURIComponent('Zed Ølsen.png')}`,
      );
      expect(readCard(new Uint8Array(download.rawPayload)).card.data.name).toBe('Zed Ølsen');
      const collection = (await get('/api/collections?limit=100', admin)).json();
      expect(collection.data.find((i: { file_id: string }) => i.file_id === publicId).download_count).toBe(1);
    });

    it('answers 404 JSON for unknown or private images on the public path', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', privateId]) {
        const response = await get(`/api/upload/image/${id}`, owner);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'not_found', message: 'Image not found' });
      }
    });

    it('serves a private PNG to its owner only', async () => {
      const own = await get(`/api/upload/image/user/${privateId}?user_id=x`, owner);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.headers['cache-control']).toBe('no-store');
      expect((await get(`/api/upload/image/user/${privateId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/upload/image/user/${publicId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/upload/image/user/${privateId}`)).statusCode).toBe(401);
    });

    it('serves WebP thumbnails: public ones to anyone, private ones to their owner', async () => {
      const open = await get(`/api/upload/image/thumbnail/${publicId}/480.webp`);
      expect(open.statusCode).toBe(200);
      expect(open.headers['content-type']).toBe('image/webp');
      const meta = await sharp(open.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 720]);
      expect((await get(`/api/upload/image/thumbnail/${privateId}/240.webp`)).statusCode).toBe(404);
      expect((await get(`/api/upload/image/thumbnail/${privateId}/240.webp`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/upload/image/thumbnail/${privateId}/240.webp`, owner)).statusCode).toBe(200);
      expect((await get(`/api/upload/image/thumbnail/${publicId}/300.webp`)).statusCode).toBe(400);
    });

    it('answers card tags by scope', async () => {
      const tags = await get(`/api/upload/image/tags/public/${publicId}`);
      expect(tags.statusCode).toBe(200);
      expect(tags.json()).toEqual({
        tags: ['Pirate', '100%_real'],
        description: 'A test character.',
        personality: 'bold',
        scenario: 'A quiet library.',
        first_mes: 'Hello, {{user}}.',
        card_name: 'Zed Ølsen',
      });
      expect((await get(`/api/upload/image/tags/user/${privateId}`, owner)).json().card_name).toBe('Secret');
      expect((await get(`/api/upload/image/tags/user/${privateId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/upload/image/tags/user/${privateId}`)).statusCode).toBe(401);
      expect((await get(`/api/upload/image/tags/public/${privateId}`, owner)).statusCode).toBe(404);
      expect((await get(`/api/upload/image/tags/other/${publicId}`)).statusCode).toBe(400);
    });

    it('answers the card JSON of public cards and of the user own', async () => {
      const card = await get(`/api/upload/card/${publicId}`);
      expect(card.statusCode).toBe(200);
      expect(card.json()).toEqual(readCard(publicPng).card);
      expect((await get(`/api/upload/card/${privateId}`, owner)).json().data.name).toBe('Secret');
      expect((await get(`/api/upload/card/${privateId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/upload/card/${privateId}`)).statusCode).toBe(404);
    });

    it('lists the user collection in pages', async () => {
      const pager = await userOf(test, 'pager');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.unshift((await upload(test, pager, cardPng())).json().data.file_id);
      const first = (await get('/api/collections?limit=2', pager)).json();
      expect(first).toMatchObject({ success: true, total: 3, limit: 2, offset: 0, has_next: true, has_prev: false });
      expect(first.data.map((i: { file_id: string }) => i.file_id)).toEqual(ids.slice(0, 2));
      const second = (await get('/api/collections?limit=2&offset=2', pager)).json();
      expect(second).toMatchObject({ total: 3, has_next: false, has_prev: true });
      expect(second.data.map((i: { file_id: string }) => i.file_id)).toEqual(ids.slice(2));
      expect((await get('/api/collections?limit=12', stranger)).json()).toMatchObject({ total: 0, data: [] });
      expect((await get('/api/collections')).statusCode).toBe(401);
    });

    it("lists the user's characters for chat, and details of a card by file id counting views", async () => {
      const list = (await get('/api/characters', owner)).json();
      expect(list.success).toBe(true);
      expect(list.data).toEqual([
        {
          id: privateId,
          name: 'Secret',
          avatar_url: `/api/upload/image/user/${privateId}`,
          tags: ['hidden'],
          card_type: 'user',
          description: 'A test character.',
          personality: 'curious',
          scenario: 'A quiet library.',
          first_mes: 'Hello, {{user}}.',
          card_data: {
            data: {
              name: 'Secret',
              description: 'A test character.',
              personality: 'curious',
              scenario: 'A quiet library.',
              first_mes: 'Hello, {{user}}.',
              creator: 'Tester',
              tags: ['hidden'],
            },
          },
          chat_id: null,
        },
      ]);
      expect((await get('/api/characters')).statusCode).toBe(401);

      const details = await get(`/api/characters/${publicId}`);
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({
        file_id: publicId,
        url: `/api/upload/image/${publicId}`,
        display_title: 'Zed Ølsen',
        tags: ['Pirate', '100%_real'],
        card_type: 'public',
        card_data: { spec: 'chara_card_v3', data: { name: 'Zed Ølsen' } },
      });
      expect((await get(`/api/characters/${privateId}`, owner)).statusCode).toBe(200);
      expect((await get(`/api/characters/${privateId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/characters/${privateId}`)).statusCode).toBe(404);
      const item = (await get('/api/collections', owner)).json().data[0];
      expect(item.view_count).toBe(1);
    });
  });

  describe('deleting', () => {
    it('lets the owner delete their card, removing its blobs; others get 404', async () => {
      const owner = await userOf(test, 'del-owner');
      const id = (await upload(test, owner, cardPng())).json().data.file_id;
      const del = (user: Uploader, scope = 'user') =>
        test.app.inject({ method: 'DELETE', url: `/api/upload/images/${scope}/${id}`, headers: user.headers });

      const other = await del(await userOf(test, 'del-other'));
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ error: 'not_found', message: 'Image not found or no permission to delete' });
      // The administrator's public path does not reach private cards.
      expect((await del(admin, 'public')).statusCode).toBe(404);

      const done = await del(owner);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ success: true, message: 'Image deleted successfully' });
      expect(blobFiles().filter((f) => f.includes(id))).toEqual([]);
      expect((await get(`/api/upload/image/user/${id}`, owner)).statusCode).toBe(404);
      expect((await del(owner)).statusCode).toBe(404);
    });

    it('lets only administrators delete public images on the public path', async () => {
      const id = (await upload(test, admin, cardPng(), { public_release: 'true' })).json().data.file_id;
      const user = await userOf(test, 'del-user');
      const refused = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/public/${id}`, headers: user.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', message: 'Access denied' });
      const otherAdmin = await userOf(test, 'admin-2', ADMIN);
      const done = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/public/${id}`, headers: otherAdmin.headers });
      expect(done.statusCode).toBe(200);
      expect((await get(`/api/upload/image/${id}`)).statusCode).toBe(404);
    });

    it('deletes the row even when a blob is already gone', async () => {
      const owner = await userOf(test, 'del-missing');
      const id = (await upload(test, owner, cardPng())).json().data.file_id;
      fs.rmSync(path.join(test.dataDir, 'blobs', 'cards', `${id}.png`));
      expect((await get(`/api/upload/image/user/${id}`, owner)).statusCode).toBe(404);
      const done = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/user/${id}`, headers: owner.headers });
      expect(done.statusCode).toBe(200);
    });
  });
});
