import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import { updateUser } from '../../server/db/repositories/users';
import { MESSAGE_FREE_PLAN } from '../../server/services/replacement';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

async function jpegDataUrl(width: number, height: number): Promise<string> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

describe.each(databases)('character replacement (%s)', (dialect) => {
  let test: TestApp;
  let payer: Uploader;
  let free: Uploader;
  let admin: Uploader;

  async function onPlan(user: Uploader, plan: string) {
    const profile = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers })).json();
    await updateUser(test.db.kysely, profile.uid, { plan });
  }

  const replace = (user: Uploader, body: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: '/api/character-replacement/replace', headers: user.headers, payload: body });

  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: 'admin@example.com' });
    payer = await userOf(test, 'payer');
    free = await userOf(test, 'free');
    admin = await userOf(test, 'admin', 'admin@example.com');
    await onPlan(payer, 'monthly');
  });
  afterAll(() => test.close());

  it("refuses Free users with the spec's restriction", async () => {
    const mine = (await upload(test, free, cardPng())).json().data;
    const response = await replace(free, { original_file_id: mine.file_id, new_image: await jpegDataUrl(20, 30) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'plan_required', message: MESSAGE_FREE_PLAN });
  });

  it('gives a paid user’s own card a new image and name, keeps its card data, and deletes the original', async () => {
    const original = (await upload(test, payer, cardPng({ name: 'Old Name', description: 'Keeps this.' }))).json().data;
    const response = await replace(payer, {
      original_file_id: original.file_id,
      new_image: await jpegDataUrl(40, 60),
      new_name: '  New Name ',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, original_deleted: true, favorite_removed: false });
    expect(body.data.display_title).toBe('New Name');
    expect([body.data.width, body.data.height]).toEqual([40, 60]);

    const gone = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${original.file_id}`, headers: payer.headers });
    expect(gone.statusCode).toBe(404);
    const png = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${body.data.file_id}`, headers: payer.headers });
    const { card } = readCard(new Uint8Array(png.rawPayload));
    expect(card.data.name).toBe('New Name');
    expect(card.data.description).toBe('Keeps this.');
  });

  it('makes a paid user their own copy of a favorited public card and drops the favorite', async () => {
    const publicCard = (await upload(test, admin, cardPng({ name: 'Shared' }), { public_release: 'true' })).json().data;
    await test.app.inject({ method: 'POST', url: '/api/favorites/add', headers: payer.headers, payload: { file_id: publicCard.file_id } });
    const response = await replace(payer, { original_file_id: publicCard.file_id, new_image: await jpegDataUrl(20, 30) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ original_deleted: false, favorite_removed: true });
    const stillPublic = await test.app.inject({ method: 'GET', url: `/api/upload/image/${publicCard.file_id}` });
    expect(stillPublic.statusCode).toBe(200);
    const count = await test.app.inject({ method: 'GET', url: '/api/favorites/count?image_type=public', headers: payer.headers });
    expect(count.json().count).toBe(0);
  });

  it("answers another user's private card with 404 and changes nothing", async () => {
    const theirs = (await upload(test, free, cardPng())).json().data;
    const response = await replace(payer, { original_file_id: theirs.file_id, new_image: await jpegDataUrl(20, 30) });
    expect(response.statusCode).toBe(404);
    const still = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${theirs.file_id}`, headers: free.headers });
    expect(still.statusCode).toBe(200);
  });

  it("refuses a missing, foreign or oversized image with the spec's messages", async () => {
    const mine = (await upload(test, payer, cardPng())).json().data;
    const cases: Array<[string, string]> = [
      ['', 'Please select an image file'],
      ['data:text/html;base64,PGI+aGk8L2I+', 'Please select a valid image file'],
      ['data:image/png;base64,bm90IGFuIGltYWdl', 'Please select a valid image file'],
      [`data:image/png;base64,${Buffer.alloc(10 * 1024 * 1024 + 3).toString('base64')}`, 'File size must be less than 10MB'],
    ];
    for (const [newImage, message] of cases) {
      const response = await replace(payer, { original_file_id: mine.file_id, new_image: newImage });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const stillThere = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${mine.file_id}`, headers: payer.headers });
    expect(stillThere.statusCode).toBe(200);
  });
});
