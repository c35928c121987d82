import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/server-process';
import { FileBlobStore } from '../../server/blobs/files';
import { S3BlobStore } from '../../server/blobs/s3';
import { readS3Settings, S3SettingsError, type S3Settings } from '../../server/blobs/s3Settings';
import { BlobStoreUnavailableError, InvalidBlobKeyError, type BlobStore } from '../../server/blobs/store';
import { startS3Server, type TestS3Server } from '../support/s3Server';

/** A store under test and a view of what it really wrote, from outside the store. */
interface Opened {
  store: BlobStore;
  /** Every stored name, sorted. For files: paths relative to the store's parent directory, so a write that escaped its root shows. */
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

function walk(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = `${prefix}${entry.name}`;
    return entry.isDirectory() ? walk(path.join(dir, entry.name), `${name}/`) : [name];
  });
}

async function openFileStore(): Promise<Opened> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-blobs-'));
  const store = new FileBlobStore(path.join(parent, 'blobs'));
  return {
    store,
    stored: async () => walk(parent).sort(),
    close: async () => fs.rmSync(parent, { recursive: true, force: true }),
  };
}

async function openS3Store(): Promise<Opened> {
  const s3 = await startS3Server();
  // Through the same parsing as S3_* variables, so the suite also proves those settings work.
  const store = new S3BlobStore(readS3Settings(s3.env)!);
  return {
    store,
    stored: () => s3.keys(),
    close: async () => {
      await store.close();
      await s3.close();
    },
  };
}

/** What `stored()` lists for a key: files live under `blobs/`, objects under their key. */
const storedName = { files: (key: string) => `blobs/${key}`, s3: (key: string) => key };

const MB = 1024 * 1024;

/** `total` random bytes as a stream of 64 KiB chunks, and the SHA-256 of what it produced. */
function randomStream(total: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  function* chunks() {
    for (let sent = 0; sent < total; sent += 64 * 1024) {
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      hash.update(chunk);
      yield chunk;
    }
  }
  let digest: string | undefined;
  return { stream: Readable.from(chunks()), digest: () => (digest ??= hash.digest('hex')) };
}

/** Emits `before` bytes, then fails: a client that went away in the middle of an upload. */
function failingStream(before: number): Readable {
  async function* chunks() {
    for (let sent = 0; sent < before; sent += MB) yield randomBytes(MB);
    throw new Error('client went away');
  }
  return Readable.from(chunks());
}

const BAD_KEYS = [
  '../escape.png',
  'cards/../../etc/passwd',
  '/abs.png',
  'cards/My Card.png',
  'cards\\x.png',
  'cards/',
  '',
  'cards/x.png?versionId=1',
];

describe.each([
  { kind: 'files' as const, open: openFileStore },
  { kind: 's3' as const, open: openS3Store },
])('the $kind blob store', ({ kind, open }) => {
  let opened: Opened;
  let store: BlobStore;
  beforeEach(async () => {
    opened = await open();
    store = opened.store;
  });
  afterEach(() => opened.close());

  it('says what it is and that it can be used', async () => {
    expect(store.kind).toBe(kind);
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('streams a 20 MB blob in and back out without holding it whole', async () => {
    const size = 20 * MB;
    const source = randomStream(size);
    await store.put('cards/big-1.png', source.stream, 'image/png');
    const hash = createHash('sha256');
    let length = 0;
    let largestChunk = 0;
    for await (const chunk of (await store.get('cards/big-1.png'))!) {
      hash.update(chunk as Buffer);
      length += (chunk as Buffer).length;
      largestChunk = Math.max(largestChunk, (chunk as Buffer).length);
    }
    expect(length).toBe(size);
    expect(hash.digest('hex')).toBe(source.digest());
    expect(largestChunk).toBeLessThanOrEqual(MB);
  });

  it('stores bytes under exactly their key, replaces them on a second put, and leaves nothing else', async () => {
    await store.put('cards/0b1c-22.png', new TextEncoder().encode('first'), 'image/png');
    await store.put('cards/0b1c-22.png', new TextEncoder().encode('png bytes'), 'image/png');
    await store.put('thumbs/0b1c/22.webp', new TextEncoder().encode('webp bytes'), 'image/webp');
    expect(await text((await store.get('cards/0b1c-22.png'))!)).toBe('png bytes');
    expect(await text((await store.get('thumbs/0b1c/22.webp'))!)).toBe('webp bytes');
    expect(await opened.stored()).toEqual([storedName[kind]('cards/0b1c-22.png'), storedName[kind]('thumbs/0b1c/22.webp')]);
  });

  it('answers null for a missing blob and deletes idempotently', async () => {
    expect(await store.get('cards/never-written.png')).toBeNull();
    await store.put('cards/gone.png', new Uint8Array([1, 2, 3]), 'image/png');
    await store.delete('cards/gone.png');
    expect(await store.get('cards/gone.png')).toBeNull();
    await expect(store.delete('cards/gone.png')).resolves.toBeUndefined();
    await expect(store.delete('cards/never-written.png')).resolves.toBeUndefined();
    expect(await opened.stored()).toEqual([]);
  });

  it('leaves no blob, and no part of one, when the stream being stored fails', async () => {
    // Past one 5 MB part, so S3 is mid multipart upload when the source fails.
    await expect(store.put('cards/broken.png', failingStream(6 * MB), 'image/png')).rejects.toThrow('client went away');
    expect(await store.get('cards/broken.png')).toBeNull();
    expect(await opened.stored()).toEqual([]);
  });

  it('refuses keys that could leave its root or name a user-chosen file, writing nothing', async () => {
    for (const key of BAD_KEYS) {
      await expect(store.put(key, new Uint8Array([1]), 'image/png'), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.put(key, Readable.from([Buffer.from('x')]), 'image/png'), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toThrow(InvalidBlobKeyError);
    }
    expect(await opened.stored()).toEqual([]);
  });
});

describe('the S3 blob store against S3 itself', () => {
  let s3: TestS3Server;
  let settings: S3Settings;
  const stores: BlobStore[] = [];
  const opened = (overrides: Partial<S3Settings>) => {
    const store = new S3BlobStore({ ...settings, ...overrides });
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    s3 = await startS3Server();
    settings = readS3Settings(s3.env)!;
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await s3.close();
  });

  it('keeps the content type of a buffered and of a streamed put', async () => {
    const store = opened({});
    await store.put('cards/a.png', new Uint8Array([1]), 'image/png');
    await store.put('thumbs/a.webp', Readable.from([Buffer.from('webp')]), 'image/webp');
    expect(await s3.contentType('cards/a.png')).toBe('image/png');
    expect(await s3.contentType('thumbs/a.webp')).toBe('image/webp');
  });

  it('refuses a bad key before sending anything, even with S3 unreachable', async () => {
    const store = opened({ endpoint: `http://127.0.0.1:${await freePort()}` });
    for (const key of BAD_KEYS) {
      await expect(store.put(key, new Uint8Array([1]), 'image/png'), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toThrow(InvalidBlobKeyError);
    }
  });

  it('reports an S3 it cannot connect to as unavailable, naming the bucket', async () => {
    const store = opened({ endpoint: `http://127.0.0.1:${await freePort()}` });
    const attempts = [
      () => store.put('cards/a.png', new Uint8Array([1]), 'image/png'),
      () => store.put('cards/a.png', Readable.from([Buffer.from('x')]), 'image/png'),
      () => store.get('cards/a.png'),
      () => store.delete('cards/a.png'),
      () => store.check(),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BlobStoreUnavailableError);
      expect((error as Error).message).toContain(`S3 bucket '${settings.bucket}' at http://127.0.0.1:`);
      expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    }
  });

  it('reports an S3 answering 503 as unavailable once the SDK has retried', async () => {
    let requests = 0;
    const failing = http.createServer((_request, response) => {
      requests++;
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Down for maintenance</Message></Error>',
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const store = opened({ endpoint: `http://127.0.0.1:${(failing.address() as AddressInfo).port}` });
      await expect(store.get('cards/a.png')).rejects.toThrow(BlobStoreUnavailableError);
      await expect(store.get('cards/a.png')).rejects.toThrow('Down for maintenance');
      expect(requests).toBeGreaterThan(2);
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('does not mistake a missing bucket for a missing blob or an outage', async () => {
    const store = opened({ bucket: 'no-such-bucket' });
    const error = await store.get('cards/a.png').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ name: 'NoSuchBucket' });
    expect(error).not.toBeInstanceOf(BlobStoreUnavailableError);
    await expect(store.check()).rejects.toThrow("S3 bucket 'no-such-bucket' at http://127.0.0.1:");
    await expect(store.check()).rejects.toThrow('is not usable: NotFound (HTTP 404)');
  });
});

describe('S3 settings from the environment', () => {
  const complete = {
    S3_BUCKET: 'cards',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('are absent without S3_BUCKET, whatever else is set', () => {
    expect(readS3Settings({})).toBeUndefined();
    expect(readS3Settings({ ...complete, S3_BUCKET: ' ', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toBeUndefined();
  });

  it('default the region, and path style to on exactly when there is a custom endpoint', () => {
    expect(readS3Settings(complete)).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'cards',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(readS3Settings({ ...complete, S3_ENDPOINT: 'http://127.0.0.1:9000/' })).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(
      readS3Settings({ ...complete, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'auto' }),
    ).toMatchObject({
      forcePathStyle: false,
      region: 'auto',
    });
    expect(readS3Settings({ ...complete, S3_FORCE_PATH_STYLE: 'TRUE' })).toMatchObject({ forcePathStyle: true });
  });

  it.each([
    [{ S3_ACCESS_KEY_ID: '' }, 'S3_BUCKET is set, so S3_ACCESS_KEY_ID is required'],
    [{ S3_SECRET_ACCESS_KEY: undefined }, 'S3_BUCKET is set, so S3_SECRET_ACCESS_KEY is required'],
    [{ S3_BUCKET: 'My_Bucket' }, "S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and dashes), got 'My_Bucket'"],
    [{ S3_ENDPOINT: 'minio:9000' }, "S3_ENDPOINT must be an http:// or https:// URL, got 'minio:9000'"],
    [{ S3_ENDPOINT: 'not a url' }, "S3_ENDPOINT must be an http:// or https:// URL, got 'not a url'"],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, "S3_FORCE_PATH_STYLE must be 'true' or 'false', got 'yes'"],
  ])('refuse %o with a message saying what to fix', (change, message) => {
    expect(() => readS3Settings({ ...complete, ...change })).toThrow(new S3SettingsError(message));
  });
});
