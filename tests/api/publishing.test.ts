import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHING_LIMITS } from '@core/contract/publishingLimits';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';
import { accessToken, bearer } from './tokens';

const ADMIN = 'boss@example.com';
const NOT_FOUND = { error: 'not_found', message: 'Not found' };

describe.each(databases)('publishing with review (%s)', (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  let ada: Uploader;
  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN, RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    admin = await userOf(test, 'admin', ADMIN);
    ada = await userOf(test, 'ada');
    await setHandle(ada, 'ada_writes');
  });
  afterAll(() => test.close());

  const get = (url: string, user?: Uploader) => test.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const post = (url: string, user: Uploader | undefined, payload?: object) =>
    test.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const setHandle = (user: Uploader, handle: string, bio = '') =>
    test.app.inject({ method: 'PUT', url: '/api/users/me/creator', headers: user.headers, payload: { handle, bio } });
  const ownCard = async (user: Uploader, fields: Record<string, unknown>) => {
    const response = await upload(test, user, cardPng(fields));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.file_id as string;
  };
  const submit = (user: Uploader, id: string, rating = 'sfw') => post(`/api/publishing/${id}/submit`, user, { content_rating: rating });
  const newest = async (user?: Uploader) =>
    (await get('/api/upload/image?sort=newest&limit=100', user)).json().data as Array<{
      file_id: string;
      title: string;
      creator_handle: string | null;
    }>;
  const collectionItem = async (user: Uploader, id: string) =>
    (await get('/api/collections?limit=100', user)).json().data.find((item: { file_id: string }) => item.file_id === id);
  const queue = async () => (await get('/api/admin/review', admin)).json();

  it('puts a submitted card in the queue, and an approval makes it public, credited to its creator, who keeps it', async () => {
    const plain = await userOf(test, 'no-handle');
    const id = await ownCard(plain, { name: 'Unnamed Author' });
    const refused = await submit(plain, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('handle_required');

    const lyra = await ownCard(ada, { name: 'Lyra Vale', tags: ['Fantasy', 'Bard'] });
    const submitted = await submit(ada, lyra);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toEqual({ state: 'submitted', content_rating: 'sfw', note: null, changes: null, changes_note: null });
    expect((await newest()).map((card) => card.file_id)).not.toContain(lyra);
    expect(await queue()).toMatchObject({
      submissions: [{ file_id: lyra, kind: 'submission', name: 'Lyra Vale', creator_handle: 'ada_writes' }],
    });
    const picture = await get(`/api/admin/review/${lyra}/picture`, admin);
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
    // Someone else's submission is not theirs to withdraw or submit.
    expect((await post(`/api/publishing/${lyra}/unpublish`, plain)).statusCode).toBe(404);

    expect((await post(`/api/admin/review/${lyra}/approve`, admin, {})).statusCode).toBe(200);
    const listed = (await newest())[0]!;
    expect(listed).toMatchObject({ file_id: lyra, title: 'Lyra Vale', creator_handle: 'ada_writes', content_rating: 'sfw' });
    expect(await collectionItem(ada, lyra)).toMatchObject({ is_public: 1, review: { state: 'published', note: null } });
    expect((await queue()).submissions).toEqual([]);
    const creator = (await get('/api/creators/ada_writes')).json();
    expect(creator).toMatchObject({ handle: 'ada_writes', totals: { cards: 1, chats: 0, likes: 0 } });
    expect(JSON.stringify(creator)).not.toContain('@example.com');
    const cards = (await get('/api/creators/@Ada_Writes/cards')).json();
    expect(cards.data.map((card: { file_id: string }) => card.file_id)).toEqual([lyra]);
    // The approved card is the creator's still (theirs to edit and delete), served to everyone.
    expect((await get(`/api/upload/image/${lyra}`)).statusCode).toBe(200);
    expect((await get(`/api/character-pages/${lyra}`, ada)).json()).toMatchObject({ is_owner: true, review: { state: 'published' } });
  });

  it('sends an edit of a published card to review, keeping the published version public until it is approved', async () => {
    const id = await ownCard(ada, { name: 'Old Name', description: 'The first version.' });
    await submit(ada, id);
    await post(`/api/admin/review/${id}/approve`, admin, { content_rating: 'sfw' });
    const before = (await get(`/api/upload/card/${id}`)).json();

    const edit = await test.app.inject({
      method: 'PUT',
      url: `/api/upload/card/${id}`,
      headers: ada.headers,
      payload: { data: { ...before.data, name: 'New Name', description: 'The second version.' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.review).toMatchObject({ state: 'published', changes: 'submitted' });
    // Everyone else still sees the published version; its creator edits from their own.
    expect((await get(`/api/upload/card/${id}`)).json().data.name).toBe('Old Name');
    expect((await get(`/api/character-pages/${id}`)).json().card.data.name).toBe('Old Name');
    expect((await newest()).find((card) => card.file_id === id)?.title).toBe('Old Name');
    expect((await get(`/api/upload/card/${id}`, ada)).json().data.name).toBe('New Name');
    expect((await queue()).submissions).toMatchObject([{ file_id: id, kind: 'changes', name: 'New Name', published_name: 'Old Name' }]);

    // A rejection keeps the published version and tells the creator why.
    await post(`/api/admin/review/${id}/reject`, admin, { reason: 'Please keep the <b>original</b> bio.' });
    expect((await get(`/api/upload/card/${id}`)).json().data.name).toBe('Old Name');
    expect((await collectionItem(ada, id)).review).toEqual({
      state: 'published',
      note: null,
      changes: 'rejected',
      changes_note: 'Please keep the <b>original</b> bio.',
    });
    // Sent again, then approved: the edit becomes the card, in the gallery where it was.
    expect((await submit(ada, id)).json()).toMatchObject({ changes: 'submitted' });
    expect((await post(`/api/admin/review/${id}/approve`, admin, {})).statusCode).toBe(200);
    expect((await get(`/api/upload/card/${id}`)).json().data).toMatchObject({ name: 'New Name', description: 'The second version.' });
    expect((await newest()).find((card) => card.file_id === id)?.title).toBe('New Name');
    expect((await get(`/api/upload/image/thumbnail/${id}/480.webp`)).statusCode).toBe(200);
    expect((await collectionItem(ada, id)).review).toMatchObject({ changes: null });
  });

  it('rejects a submission with a reason the creator sees, as text, and lets them submit again', async () => {
    const id = await ownCard(ada, { name: 'Rough Draft' });
    await submit(ada, id, 'nsfw');
    const reason = 'Missing a description\u202e. <script>alert(1)</script>';
    expect((await post(`/api/admin/review/${id}/reject`, admin, { reason })).statusCode).toBe(200);
    expect((await collectionItem(ada, id)).review).toMatchObject({
      state: 'rejected',
      note: 'Missing a description. <script>alert(1)</script>',
    });
    expect((await newest()).map((card) => card.file_id)).not.toContain(id);
    // Nothing is waiting now: a second decision finds nothing.
    expect((await post(`/api/admin/review/${id}/approve`, admin, {})).statusCode).toBe(404);
    expect((await post(`/api/admin/review/${id}/reject`, admin, { reason: ' ' })).statusCode).toBe(400);
    expect((await submit(ada, id)).json()).toMatchObject({ state: 'submitted', note: null });
  });

  it('lets the creator unpublish at any time, and an administrator with a reason; a card leaves favorites with the gallery', async () => {
    const id = await ownCard(ada, { name: 'Short Lived' });
    await submit(ada, id);
    await post(`/api/admin/review/${id}/approve`, admin, {});
    const fan = await userOf(test, 'fan');
    expect((await post('/api/favorites/add', fan, { file_id: id, image_type: 'public' })).statusCode).toBe(200);

    expect((await post(`/api/publishing/${id}/unpublish`, ada)).json()).toMatchObject({ state: 'private', note: null });
    expect((await newest()).map((card) => card.file_id)).not.toContain(id);
    expect((await get(`/api/upload/image/${id}`)).statusCode).toBe(404);
    expect((await get('/api/favorites/list?page=1&page_size=10', fan)).json().data).toEqual([]);

    await submit(ada, id);
    await post(`/api/admin/review/${id}/approve`, admin, {});
    const unpublished = await post(`/api/admin/review/${id}/unpublish`, admin, { reason: 'Reported as a real person.' });
    expect(unpublished.statusCode).toBe(200);
    expect((await collectionItem(ada, id)).review).toMatchObject({ state: 'rejected', note: 'Reported as a real person.' });
    expect((await post(`/api/admin/review/${id}/unpublish`, admin, { reason: 'again' })).statusCode).toBe(404);
    // Withdrawing a submission is unpublishing before it was public.
    await submit(ada, id);
    expect((await post(`/api/publishing/${id}/unpublish`, ada)).json()).toMatchObject({ state: 'private' });
    expect((await queue()).submissions.map((item: { file_id: string }) => item.file_id)).not.toContain(id);
  });

  it(`holds at most ${PUBLISHING_LIMITS.waitingSubmissions} submissions of one person waiting`, async () => {
    const busy = await userOf(test, 'busy');
    await setHandle(busy, 'busy_bee');
    await test.db.kysely.updateTable('users').set({ plan: 'yearly' }).where('subject', '=', 'busy').execute();
    const ids: string[] = [];
    for (let i = 0; i <= PUBLISHING_LIMITS.waitingSubmissions; i++) ids.push(await ownCard(busy, { name: `Card ${i}` }));
    for (const id of ids.slice(0, -1)) expect((await submit(busy, id)).statusCode).toBe(200);
    // Submitting one waiting already is no new one.
    expect((await submit(busy, ids[0]!, 'nsfw')).statusCode).toBe(200);
    const over = await submit(busy, ids.at(-1)!);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'submission_limit' });
    await post(`/api/admin/review/${ids[0]}/approve`, admin, {});
    expect((await submit(busy, ids.at(-1)!)).statusCode).toBe(200);
  });

  it('takes reports of public cards into the queue, one open per person and card, a limited number an hour', async () => {
    const id = await ownCard(ada, { name: 'Reported One' });
    await submit(ada, id);
    await post(`/api/admin/review/${id}/approve`, admin, {});
    const reporter = await userOf(test, 'reporter');
    const report = (user: Uploader, fileId: string, details = 'It copies a real person.') =>
      post('/api/reports', user, { file_id: fileId, reason: 'real_person', details });

    expect((await post('/api/reports', undefined, { file_id: id, reason: 'spam', details: '' })).statusCode).toBe(401);
    expect((await post('/api/reports', reporter, { file_id: id, reason: 'because', details: '' })).statusCode).toBe(400);
    expect((await report(reporter, id, 'x'.repeat(PUBLISHING_LIMITS.reportChars + 1))).statusCode).toBe(400);
    expect((await report(ada, id)).json()).toMatchObject({ error: 'own_card' });
    const first = await report(reporter, id, 'A real\u202e person.\u0000');
    expect(first.json()).toMatchObject({ success: true, created: true });
    expect((await report(reporter, id)).json()).toMatchObject({ created: false });
    const reports = (await queue()).reports;
    expect(reports).toMatchObject([
      { file_id: id, card_name: 'Reported One', reason: 'real_person', details: 'A real person.', card_public: true },
    ]);

    // Not a public card: nothing to report (a private one does not exist to anyone but its owner).
    const privateId = await ownCard(ada, { name: 'Private One' });
    expect((await report(reporter, privateId)).statusCode).toBe(404);

    const others: string[] = [];
    for (let i = 0; i < PUBLISHING_LIMITS.reportsPerHour; i++) {
      const other = await ownCard(admin, { name: `Admin card ${i}` });
      await test.db.kysely.updateTable('images').set({ is_public: 1, review_state: 'published' }).where('id', '=', other).execute();
      others.push(other);
    }
    for (const other of others.slice(0, PUBLISHING_LIMITS.reportsPerHour - 1)) expect((await report(reporter, other)).statusCode).toBe(200);
    const limited = await report(reporter, others.at(-1)!);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const dismissed = await post(`/api/admin/reports/${reports[0].id}/dismiss`, admin);
    expect(dismissed.statusCode).toBe(200);
    expect((await post(`/api/admin/reports/${reports[0].id}/dismiss`, admin)).statusCode).toBe(404);
    expect((await queue()).reports.map((item: { file_id: string }) => item.file_id)).not.toContain(id);
  });

  it('answers 404, as an unknown address does, on every review route to anyone but an administrator', async () => {
    const id = await ownCard(ada, { name: 'Probe' });
    const reportId = '00000000-0000-4000-8000-000000000000';
    const routes: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
      { method: 'GET', url: '/api/admin/review' },
      { method: 'GET', url: `/api/admin/review/${id}/picture` },
      { method: 'POST', url: `/api/admin/review/${id}/approve`, payload: {} },
      { method: 'POST', url: `/api/admin/review/${id}/reject`, payload: { reason: 'no' } },
      { method: 'POST', url: `/api/admin/review/${id}/unpublish`, payload: { reason: 'no' } },
      { method: 'POST', url: `/api/admin/reports/${reportId}/dismiss` },
      // A body the route would refuse tells nothing either.
      { method: 'POST', url: `/api/admin/review/${id}/reject`, payload: { nonsense: true } },
      { method: 'POST', url: '/api/admin/review/..%2F/approve' },
    ];
    const expired = await accessToken(test, { sub: 'admin', email: ADMIN, expiresIn: -60 });
    const askers: Array<Record<string, string>> = [{}, ada.headers, bearer('not-a-token'), bearer(expired)];
    for (const headers of askers) {
      for (const route of routes) {
        const response = await test.app.inject({ ...route, headers });
        expect([route.url, response.statusCode, response.json()]).toEqual([route.url, 404, NOT_FOUND]);
      }
    }
    expect((await get('/api/admin/review', admin)).statusCode).toBe(200);
  });

  it('lets an administrator publish on upload, as before, with a content rating', async () => {
    const response = await upload(test, admin, cardPng({ name: 'Direct Release' }), { public_release: 'true', content_rating: 'nsfw' });
    expect(response.json().data).toMatchObject({ is_public: 1, content_rating: 'nsfw', review: { state: 'published' } });
    expect((await upload(test, ada, cardPng({ name: 'Sneaky' }), { public_release: 'true' })).statusCode).toBe(403);
  });
});
