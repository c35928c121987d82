/**
 * A card's view and download counters used to move on every request, so a loop
 * of anonymous requests could make any card look popular. Now each viewer counts once per card per
 * day: a signed-in viewer by account, anyone else by address (X-Forwarded-For only from a trusted
 * proxy, so a forged header is the same viewer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../../support/cards';
import { upload, userOf, type Uploader } from '../cards';
import { createTestApp, databases, type TestApp } from '../helpers';

const ADMIN = 'counts-admin@example.com';

describe.each(databases)('view and download counters (%s)', (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  let reader: Uploader;
  let cardId: string;

  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN });
    admin = await userOf(test, 'counts-admin', ADMIN);
    reader = await userOf(test, 'counts-reader');
    const response = await upload(test, admin, testCardPng({ name: 'Counted' }), { public_release: 'true' });
    cardId = response.json().data.file_id;
  });
  afterAll(() => test.close());

  async function counts(): Promise<{ views: number; downloads: number }> {
    const response = await test.app.inject({ method: 'GET', url: '/api/collections', headers: admin.headers });
    const item = response.json().data.find((entry: { file_id: string }) => entry.file_id === cardId);
    return { views: item.view_count, downloads: item.download_count };
  }

  const view = (remoteAddress: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: `/api/characters/${cardId}`, remoteAddress, headers });
  const download = (remoteAddress: string, query = '?download=1') =>
    test.app.inject({ method: 'GET', url: `/api/upload/image/${cardId}${query}`, remoteAddress });

  it('counts a view once per viewer per day, however often it is asked for', async () => {
    for (let i = 0; i < 20; i += 1) expect((await view('127.0.0.1')).statusCode).toBe(200);
    expect((await counts()).views).toBe(1);
    // A forged X-Forwarded-For is not another viewer: no proxy is trusted.
    for (let i = 0; i < 5; i += 1) await view('127.0.0.1', { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await counts()).views).toBe(1);
    await view('127.0.0.2');
    expect((await counts()).views).toBe(2);
    for (let i = 0; i < 5; i += 1) await view('127.0.0.1', reader.headers);
    expect((await counts()).views).toBe(3);
  });

  it('counts a download once per viewer per day, and a plain image request not at all', async () => {
    for (let i = 0; i < 10; i += 1) expect((await download('127.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) await download('127.0.0.1', '');
    expect((await counts()).downloads).toBe(1);
    await download('127.0.0.3', '?download=true');
    expect((await counts()).downloads).toBe(2);
  });

  it('counts the same viewer again the next day', async () => {
    const before = await counts();
    await test.db.kysely.updateTable('card_hits').set({ day: '2000-01-01' }).execute();
    await view('127.0.0.1');
    await download('127.0.0.1');
    expect(await counts()).toEqual({ views: before.views + 1, downloads: before.downloads + 1 });
    // Yesterday's record went when today's first hit came: the table keeps about a day of viewers.
    const old = await test.db.kysely.selectFrom('card_hits').select('day').where('day', '=', '2000-01-01').execute();
    expect(old).toEqual([]);
  });
});
