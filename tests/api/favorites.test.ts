import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'boss@example.com';

describe.each(databases)('favorites (%s)', (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  const publicIds: string[] = [];
  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN });
    admin = await userOf(test, 'admin', ADMIN);
    for (let i = 0; i < 3; i++) {
      const response = await upload(test, admin, cardPng({ name: `Fav ${i}`, description: `About ${i}`, tags: ['a', `t${i}`] }), {
        public_release: 'true',
      });
      publicIds.push(response.json().data.file_id);
    }
  });
  afterAll(() => test.close());

  const add = (user: Uploader, fileId: string, extra: Record<string, unknown> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/favorites/add',
      headers: user.headers,
      payload: { file_id: fileId, image_type: 'public', character_name: 'ignored', character_description: '', tags: [], ...extra },
    });
  const get = (url: string, user?: Uploader) => test.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const remove = (user: Uploader, id: string, prefix = '/api/favorites/') =>
    test.app.inject({ method: 'DELETE', url: `${prefix}${id}`, headers: user.headers });
  const favoriteCount = async (id: string) =>
    (await get('/api/upload/image?limit=100')).json().data.find((i: { file_id: string }) => i.file_id === id)?.favorite_count;

  it('adds a public card once, counting it, and shows what the card says', async () => {
    const user = await userOf(test, 'fan-1');
    const first = await add(user, publicIds[0]!);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      created: true,
      data: {
        file_id: publicIds[0],
        image_type: 'public',
        character_name: 'Fav 0',
        character_description: 'About 0',
        tags: ['a', 't0'],
        url: `/api/upload/image/${publicIds[0]}`,
      },
    });
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await add(user, publicIds[0]!);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: false, data: { id: body.data.id } });
    expect(await favoriteCount(publicIds[0]!)).toBe(1);
    expect((await get(`/api/favorites/check/${publicIds[0]}`, user)).json()).toEqual({ is_favorited: true });
    expect((await get(`/api/favorites/check/${publicIds[1]}`, user)).json()).toEqual({ is_favorited: false });
  });

  it('refuses private cards, unknown cards and anonymous users', async () => {
    const owner = await userOf(test, 'fan-private');
    const privateId = (await upload(test, owner, cardPng())).json().data.file_id;
    const own = await add(owner, privateId);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: 'private_card', message: "Private cards don't need favorites" });
    expect((await add(await userOf(test, 'fan-snoop'), privateId)).statusCode).toBe(404);
    expect((await add(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await add(owner, publicIds[1]!, { image_type: 'user' })).statusCode).toBe(400);
    const anonymous = await test.app.inject({ method: 'POST', url: '/api/favorites/add', payload: { file_id: publicIds[0] } });
    expect(anonymous.statusCode).toBe(401);
    expect((await test.app.inject({ method: 'POST', url: '/api/favorites/add', headers: owner.headers, payload: {} })).statusCode).toBe(
      400,
    );
  });

  it('lists favorites in pages with totals, and counts them', async () => {
    const user = await userOf(test, 'fan-list');
    for (const id of publicIds) expect((await add(user, id)).statusCode).toBe(200);
    const first = (await get('/api/favorites/list?page=1&page_size=2&image_type=public', user)).json();
    expect(first).toMatchObject({ success: true, page: 1, page_size: 2, total: 3, total_pages: 2, has_next: true, has_prev: false });
    expect(first.data).toHaveLength(2);
    const second = (await get('/api/favorites/list?page=2&page_size=2', user)).json();
    expect(second).toMatchObject({ page: 2, total: 3, total_pages: 2, has_next: false, has_prev: true });
    const seen = [...first.data, ...second.data].map((f: { file_id: string }) => f.file_id).sort();
    expect(seen).toEqual([...publicIds].sort());
    expect((await get('/api/favorites/count?image_type=public', user)).json()).toEqual({ count: 3 });
    expect((await get('/api/favorites/count?image_type=user', user)).json()).toEqual({ count: 0 });
    expect((await get('/api/favorites/list?image_type=user', user)).json()).toMatchObject({ total: 0, data: [], total_pages: 0 });
    expect((await get('/api/favorites/list?page=0', user)).statusCode).toBe(400);
    expect((await get('/api/favorites/count')).statusCode).toBe(401);
  });

  it('removes by favorite id or by file id on both paths; another user gets 404', async () => {
    const user = await userOf(test, 'fan-remove');
    const other = await userOf(test, 'fan-other');
    const before = await favoriteCount(publicIds[2]!);
    const favoriteId = (await add(user, publicIds[2]!)).json().data.id;
    expect(await favoriteCount(publicIds[2]!)).toBe(before + 1);

    const foreign = await remove(other, favoriteId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Favorite not found' });

    const byId = await remove(user, favoriteId);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ success: true, message: 'Removed from favorites' });
    expect(await favoriteCount(publicIds[2]!)).toBe(before);
    expect((await remove(user, favoriteId)).statusCode).toBe(404);

    await add(user, publicIds[2]!);
    expect((await remove(user, publicIds[2]!, '/api/favorites/remove/')).statusCode).toBe(200);
    expect(await favoriteCount(publicIds[2]!)).toBe(before);
    expect((await get(`/api/favorites/check/${publicIds[2]}`, user)).json()).toEqual({ is_favorited: false });
  });

  it('drops favorites with their image when it is deleted', async () => {
    const id = (await upload(test, admin, cardPng(), { public_release: 'true' })).json().data.file_id;
    const user = await userOf(test, 'fan-deleted');
    await add(user, id);
    expect((await get('/api/favorites/count', user)).json()).toEqual({ count: 1 });
    const deleted = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/public/${id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/favorites/count', user)).json()).toEqual({ count: 0 });
    const rows = await test.db.kysely.selectFrom('favorites').selectAll().where('image_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  it('keeps the count right when the same user adds concurrently', async () => {
    const user = await userOf(test, 'fan-race');
    const id = publicIds[1]!;
    const before = await favoriteCount(id);
    const responses = await Promise.all([add(user, id), add(user, id), add(user, id)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(responses.filter((r) => r.json().created)).toHaveLength(1);
    expect(await favoriteCount(id)).toBe(before + 1);
  });
});
