import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { testCardPng } from '../support/cards';
import { upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

describe.each(databases)('the server keeping card images in an S3 bucket (%s)', (dialect) => {
  let s3: TestS3Server;
  let test: TestApp;
  let ada: Uploader;
  beforeAll(async () => {
    s3 = await startS3Server();
    test = await createTestApp(dialect, s3.env);
    ada = await userOf(test, 'ada');
  });
  afterAll(async () => {
    await test.close();
    await s3.close();
  });

  const get = (url: string) => test.app.inject({ method: 'GET', url, headers: ada.headers });

  it('stores an upload and its thumbnails in the bucket, serves them from there, and deletes them with the card', async () => {
    const png = testCardPng({ name: 'Bucketed' });
    const uploaded = await upload(test, ada, png);
    expect(uploaded.statusCode).toBe(200);
    const id = uploaded.json().data.file_id as string;
    expect(await s3.keys()).toEqual([`cards/${id}.png`, `thumbs/${id}-240.webp`, `thumbs/${id}-480.webp`]);
    expect(await s3.contentType(`cards/${id}.png`)).toBe('image/png');

    const served = await get(`/api/upload/image/user/${id}`);
    expect(served.statusCode).toBe(200);
    expect(new Uint8Array(served.rawPayload)).toEqual(png);
    expect((await get(`/api/upload/image/thumbnail/${id}/240.webp`)).headers['content-type']).toBe('image/webp');
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok', blobs: 's3' });

    const deleted = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/user/${id}`, headers: ada.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.keys()).toEqual([]);
  });

  it('answers 503 with a clear message while the bucket is unreachable, storing no card', async () => {
    await s3.close();
    const health = await get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      error: 'storage_unavailable',
      message: 'Image storage is not reachable right now. Please try again in a moment.',
    });

    const refused = await upload(test, ada, testCardPng({ name: 'Unlucky' }));
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('storage_unavailable');
    expect(refused.headers['retry-after']).toBe('2');
    const collection = await get('/api/collections?limit=12&offset=0');
    expect(collection.json().total).toBe(0);
  });
});
