/**
 * Issue 27 #1: a 44 KB GIF of 8000×8000 pixels passed the pixel cap and cost about 100 MiB of server
 * memory while it was decoded; 12 at once took the server from 503 to 1,707 MiB. Every picture the
 * server decodes now goes through one path (server/services/pictures/): its header is read first and
 * a decode that would pass its memory budget, or an animation of too many frames, is refused before a
 * pixel is decoded; the rest take turns in a pool of two. The memory itself is bench figure 14's.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../../server/db/repositories/users';
import { PICTURE_BUDGET_BYTES, picturePool } from '../../../server/services/pictures/index';
import { cardPng, upload, userOf, type Uploader } from '../cards';
import { createTestApp, databases, type TestApp } from '../helpers';
import { blobFiles, userIdOf } from './nothing-written';

const gif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 90 } } })
    .gif()
    .toBuffer();

/** An animated GIF of tiny frames, each unlike the one before (the encoder merges equal frames). */
function flipbook(frames: number): Promise<Buffer> {
  const side = 4;
  const raw = Buffer.alloc(side * side * frames * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + Math.floor(i / 48)) % 256;
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
}

const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

const HOSTILE_MESSAGE =
  'This GIF is too large to read (8000×8000 pixels): it may have at most 11.2 megapixels, about 3344×3344. Scale it down, or send it as a PNG or JPEG.';

describe.each(databases)('pictures decode within a memory budget (%s)', (dialect) => {
  let test: TestApp;
  let mallory: Uploader;
  let hostile: Buffer;

  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    mallory = await userOf(test, 'mallory-pictures');
    await updateUser(test.db.kysely, await userIdOf(test, mallory), { plan: 'monthly' });
    hostile = await gif(8000, 8000);
  });
  afterAll(() => test.close());

  const post = (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
    test.app.inject({ method, url, headers: mallory.headers, payload });

  it("refuses the audit's 44 KB GIF of 8000×8000 as an avatar and as a replacement, from its header, writing nothing", async () => {
    expect(hostile.length).toBeLessThan(50_000);
    const card = (await upload(test, mallory, cardPng({ name: 'Target' }))).json().data.file_id as string;
    const files = blobFiles(test);
    const answers = [
      await post('/api/personas', { name: 'Hostile', avatar: dataUrl('gif', hostile) }),
      await post('/api/character-replacement/replace', { original_file_id: card, new_image: dataUrl('gif', hostile) }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ error: 'picture_too_large', message: HOSTILE_MESSAGE });
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/personas', headers: mallory.headers })).json().data).toEqual([]);
    expect(blobFiles(test)).toEqual(files);
  });

  it('refuses an animation of more frames than any picture needs, and decodes one that fits the budget', async () => {
    const frames = await post('/api/personas', { name: 'Flipbook', avatar: dataUrl('gif', await flipbook(1001)) });
    expect(frames.statusCode).toBe(400);
    expect(frames.json()).toEqual({
      error: 'too_many_frames',
      message: 'This animation has 1001 frames; a picture may have at most 1000.',
    });

    const fits = await post('/api/personas', { name: 'Big but fine', avatar: dataUrl('gif', await gif(2600, 2600)) });
    expect(fits.statusCode, fits.body).toBe(201);
    const avatar = await test.app.inject({ method: 'GET', url: fits.json().avatar_url, headers: mallory.headers });
    const meta = await sharp(avatar.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('decodes at most two of the largest pictures at once; the rest wait their turn, or are told to come back (503 with Retry-After)', async () => {
    // 4000×2600 as a GIF holds about 62 MB while decoded: just within one picture's budget.
    const picture = dataUrl('gif', await gif(4000, 2600));
    picturePool.peak = 0;
    picturePool.peakBytes = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/personas', { name: `Crowd ${i}`, avatar: picture })));
    for (const answer of answers) {
      expect([201, 503], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.headers['retry-after']).toBe('5');
    }
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThan(0);
    expect(picturePool.peak).toBe(2);
    expect(picturePool.peakBytes).toBeLessThanOrEqual(2 * PICTURE_BUDGET_BYTES);
  });
});
