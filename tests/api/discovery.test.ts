import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { complete } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'curator@example.com';

describe.each(databases)('discovery: sorts, tags, search, NSFW and creators (%s)', (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN });
    admin = await userOf(test, 'curator', ADMIN);
    const publish = async (name: string, tags: string[], rating = 'sfw') => {
      const response = await upload(test, admin, cardPng({ name, tags }), { public_release: 'true', content_rating: rating });
      ids[name] = response.json().data.file_id;
    };
    await publish('Astra', ['Space', 'Sci-Fi', 'Captain']);
    await publish('Bramble', ['Fantasy', 'Druid']);
    await publish('Cinder', ['Fantasy', 'Dragon', 'Captain']);
    await publish('Velvet', ['Romance', 'Fantasy'], 'nsfw');
  });
  afterAll(() => test.close());

  const get = (url: string, user?: Uploader) => test.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const names = async (query: string, user?: Uploader) => {
    const response = await get(`/api/upload/image?limit=50&${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return (response.json().data as { file_id: string }[]).map((card) => byId[card.file_id]);
  };
  const like = (user: Uploader, name: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/favorites/add',
      headers: user.headers,
      payload: { file_id: ids[name], image_type: 'public' },
    });
  const settings = (user: Uploader, payload: object) =>
    test.app.inject({ method: 'PUT', url: '/api/users/me/content', headers: user.headers, payload });

  it('sorts by Newest, Most liked, Most chatted and Trending (recent chats and likes)', async () => {
    expect(await names('sort=newest')).toEqual(['Cinder', 'Bramble', 'Astra']);
    // Nothing trends yet: the newest come first.
    expect(await names('')).toEqual(['Cinder', 'Bramble', 'Astra']);
    const fans = await Promise.all(['f1', 'f2'].map((sub) => userOf(test, sub)));
    for (const fan of fans) expect((await like(fan, 'Astra')).statusCode).toBe(200);
    expect((await complete(test, fans[0]!, { chatId: randomUUID(), characterId: ids.Bramble, text: 'Hello' })).statusCode).toBe(200);
    expect(await names('sort=liked')).toEqual(['Astra', 'Cinder', 'Bramble']);
    expect(await names('sort=chatted')).toEqual(['Bramble', 'Cinder', 'Astra']);
    // Two likes weigh more than one chat; the card nobody touched comes last.
    expect(await names('sort=trending')).toEqual(['Astra', 'Bramble', 'Cinder']);
    const page = (await get(`/api/character-pages/${ids.Bramble}`)).json();
    expect(page.stats).toMatchObject({ chats: 1, likes: 0 });
    // A like taken back takes its weight with it.
    for (const fan of fans) await test.app.inject({ method: 'DELETE', url: `/api/favorites/${ids.Astra}`, headers: fan.headers });
    expect(await names('sort=trending')).toEqual(['Bramble', 'Cinder', 'Astra']);
  });

  it('filters by several tags at once, case-insensitively, and lists the most used tags', async () => {
    expect(await names('tag=fantasy')).toContain('Cinder');
    expect(await names('tag=Fantasy&tag=CAPTAIN&sort=newest')).toEqual(['Cinder']);
    expect(await names('tag=fantasy&tag=space')).toEqual([]);
    expect((await get('/api/upload/image?tag=a&tag=b&tag=c&tag=d&tag=e&tag=f')).statusCode).toBe(400);
    const tags = (await get('/api/gallery/tags')).json().tags;
    expect(tags.slice(0, 2)).toEqual([
      { tag: 'captain', count: 2 },
      { tag: 'fantasy', count: 2 },
    ]);
    expect(tags.map((entry: { tag: string }) => entry.tag)).not.toContain('romance');
  });

  it('searches as one types, by the start of words, in whatever sort', async () => {
    expect(await names('q=cin')).toEqual(['Cinder']);
    expect(await names('q=dra&sort=newest')).toEqual(['Cinder']);
    expect(await names('q=fan&sort=newest')).toEqual(['Cinder', 'Bramble']);
    expect(await names('q=fan&tag=druid')).toEqual(['Bramble']);
  });

  it('never lists NSFW cards to visitors, nor to people who did not confirm their age and choose to see them', async () => {
    const teen = await userOf(test, 'teen');
    const adult = await userOf(test, 'adult');
    for (const asker of [undefined, teen, adult]) expect(await names('nsfw=1&sort=newest', asker)).not.toContain('Velvet');
    expect((await settings(teen, { show_nsfw: true })).json()).toMatchObject({ error: 'adult_required' });
    expect((await settings(adult, { adult_confirmed: true })).json()).toMatchObject({ adult_confirmed: true, show_nsfw: false });
    expect(await names('nsfw=1', adult)).not.toContain('Velvet');
    expect((await settings(adult, { show_nsfw: true })).json()).toMatchObject({ adult_confirmed: true, show_nsfw: true });
    expect(await names('nsfw=1&sort=newest', adult)).toEqual(['Velvet', 'Cinder', 'Bramble', 'Astra']);
    expect((await names('nsfw=1&q=velvet', adult)).length).toBe(1);
    // Asked without nsfw=1 (Home's shared first page), the list is the same for everyone.
    expect(await names('sort=newest', adult)).not.toContain('Velvet');
    expect(await names('nsfw=1&q=velvet')).toEqual([]);
    const tags = async (user?: Uploader) =>
      (await get('/api/gallery/tags?nsfw=1', user)).json().tags.map((entry: { tag: string }) => entry.tag);
    expect(await tags()).not.toContain('romance');
    expect(await tags(adult)).toContain('romance');

    // Its page: signed-in adults only.
    expect((await get(`/api/character-pages/${ids.Velvet}`)).json()).toMatchObject({ error: 'adults_only' });
    expect((await get(`/api/character-pages/${ids.Velvet}`, teen)).statusCode).toBe(403);
    expect((await get(`/api/character-pages/${ids.Velvet}`, adult)).json()).toMatchObject({ content_rating: 'nsfw' });
  });

  it('keeps handles unique, within the rules and in lower case, and bios as plain bounded text', async () => {
    const one = await userOf(test, 'one');
    const two = await userOf(test, 'two');
    const put = (user: Uploader, handle: string, bio = '') =>
      test.app.inject({ method: 'PUT', url: '/api/users/me/creator', headers: user.headers, payload: { handle, bio } });
    const saved = await put(one, ' @Night_Owl ', 'Writes <b>noir</b>\u202e.\n\n\n\nReally.');
    expect(saved.json()).toMatchObject({ handle: 'night_owl', bio: 'Writes <b>noir</b>.\n\nReally.' });
    expect((await put(two, 'NIGHT_OWL')).json()).toMatchObject({ error: 'handle_taken' });
    for (const handle of ['no', 'admin', 'night-owl', 'x'.repeat(31)])
      expect((await put(two, handle)).json().error, handle).toBe('invalid_handle');
    expect((await put(two, 'day_owl', 'y'.repeat(2000))).statusCode).toBe(400);
    expect((await put(two, 'day_owl', 'y'.repeat(400))).json().bio).toHaveLength(300);
    expect((await get('/api/users/profile', two)).json()).toMatchObject({ handle: 'day_owl' });
    const page = (await get('/api/creators/night_owl')).json();
    expect(page).toEqual({
      handle: 'night_owl',
      avatar_url: null,
      bio: 'Writes <b>noir</b>.\n\nReally.',
      joined_at: expect.any(String),
      totals: { cards: 0, chats: 0, likes: 0 },
    });
    expect((await get('/api/creators/nobody_here')).statusCode).toBe(404);
  });
});
