import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import { updateUser } from '../../server/db/repositories/users';
import { MESSAGE_PICTURE_CHANGE_PAID } from '@core/plans';
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

  it("refuses Free users with the plan's restriction", async () => {
    const mine = (await upload(test, free, cardPng())).json().data;
    const response = await replace(free, { original_file_id: mine.file_id, new_image: await jpegDataUrl(20, 30) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'plan_required', message: MESSAGE_PICTURE_CHANGE_PAID });
  });

  it("holds the editor's save to the same rule: a Free account makes characters with pictures, but changes one's picture only on a paid plan", async () => {
    const learner = await userOf(test, 'learner');
    const png = await sharp({ create: { width: 20, height: 30, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    const picture = `data:image/png;base64,${png.toString('base64')}`;
    // Making a character with a picture of one's own is every plan's.
    const made = await upload(test, learner, cardPng({ name: 'Made Here' }));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.file_id;
    const save = (body: Record<string, unknown>) =>
      test.app.inject({ method: 'PUT', url: `/api/upload/card/${id}`, headers: learner.headers, payload: body });

    const refusals = [
      await save({ data: { name: 'Made Here' }, image: picture }),
      await replace(learner, { original_file_id: id, new_image: picture }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'plan_required', message: MESSAGE_PICTURE_CHANGE_PAID });
    }
    // The text is the person's to edit on any plan; the picture stays as it was.
    const renamed = await save({ data: { name: 'Renamed Here' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect([renamed.json().data.width, renamed.json().data.height]).toEqual([4, 6]);

    await onPlan(learner, 'monthly');
    const repainted = await save({ data: { name: 'Renamed Here' }, image: picture });
    expect(repainted.statusCode, repainted.body).toBe(200);
    expect([repainted.json().data.width, repainted.json().data.height]).toEqual([20, 30]);
    const replaced = await replace(learner, { original_file_id: id, new_image: await jpegDataUrl(40, 60) });
    expect(replaced.statusCode, replaced.body).toBe(200);
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

  it("refuses a missing, foreign or oversized image with the dialog's messages", async () => {
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
