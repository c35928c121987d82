import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'curator@example.com';

/** The public gallery's first pages are cached for a second (server/db/galleryCache.ts). */
describe.each(databases)('gallery cache (%s)', (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN });
    admin = await userOf(test, 'curator', ADMIN);
  });
  afterAll(() => test.close());

  const page = async (query = 'limit=20') => {
    const response = await test.app.inject({ method: 'GET', url: `/api/upload/image?${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json();
  };
  const publish = async (name: string) =>
    (await upload(test, admin, cardPng({ name }), { public_release: 'true' })).json().data.file_id as string;
  const ids = (body: { data: { file_id: string }[] }) => body.data.map((item) => item.file_id);

  it("shows this instance's uploads, favorites and deletes at once", async () => {
    expect(await page()).toEqual({ success: true, data: [], total: 0, limit: 20, offset: 0, has_more: false });
    const first = await publish('Cached One');
    expect(ids(await page())).toEqual([first]);
    const second = await publish('Cached Two');
    expect(await page()).toMatchObject({ total: 2, data: [{ file_id: second }, { file_id: first }] });

    const fan = await userOf(test, 'fan');
    const added = await test.app.inject({
      method: 'POST',
      url: '/api/favorites/add',
      headers: fan.headers,
      payload: { file_id: first, image_type: 'public' },
    });
    expect(added.statusCode).toBe(200);
    // Liked, it trends above the newer card (Trending is the gallery's first sort).
    expect((await page()).data[0]).toMatchObject({ file_id: first, favorite_count: 1 });

    const deleted = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/public/${second}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await page()).toMatchObject({ total: 1, data: [{ file_id: first }] });
  });

  it('answers a cached page exactly as a fresh one, and past the end with the total', async () => {
    const fresh = await page('limit=5&offset=0&q=cached');
    const cached = await page('limit=5&offset=0');
    expect(cached).toEqual(fresh);
    expect(await page('limit=5&offset=0')).toEqual(cached);
    expect(await page('limit=5&offset=10')).toEqual({ success: true, data: [], total: 1, limit: 5, offset: 10, has_more: false });
  });

  it("shows another instance's writes within a second or two", async () => {
    const [id] = ids(await page());
    // Written past this instance's repository, as another instance sharing the database would.
    await test.db.kysely.updateTable('images').set({ favorite_count: 42 }).where('id', '=', id!).execute();
    // The cache's time to live (a second) passing, on a clock the test moves rather than waits for.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
    try {
      expect((await page()).data[0]).toMatchObject({ file_id: id, favorite_count: 42 });
    } finally {
      vi.useRealTimers();
    }
  });
});
