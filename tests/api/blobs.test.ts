import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { FileBlobStore } from '../../server/blobs/files';
import { InvalidBlobKeyError, type BlobStore } from '../../server/blobs/store';

describe('the file blob store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-blobs-'));
  const store: BlobStore = new FileBlobStore(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, streams back and deletes a blob, leaving no temporary files', async () => {
    await store.put('cards/0b1c-22.png', new TextEncoder().encode('png bytes'), 'image/png');
    expect(await text((await store.get('cards/0b1c-22.png'))!)).toBe('png bytes');
    expect(fs.readdirSync(path.join(root, 'cards'))).toEqual(['0b1c-22.png']);
    await store.delete('cards/0b1c-22.png');
    expect(await store.get('cards/0b1c-22.png')).toBeNull();
    await expect(store.delete('cards/0b1c-22.png')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its directory or name a user-chosen file', async () => {
    const emptyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-blobs-'));
    const store: BlobStore = new FileBlobStore(emptyRoot);
    for (const key of ['../escape.png', 'cards/../../etc/passwd', '/abs.png', 'cards/My Card.png', 'cards\\x.png', 'cards/', '']) {
      await expect(store.put(key, new Uint8Array([1]), 'image/png'), key).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toThrow(InvalidBlobKeyError);
    }
    expect(fs.readdirSync(emptyRoot)).toEqual([]);
    expect(fs.existsSync(path.join(os.tmpdir(), 'escape.png'))).toBe(false);
    fs.rmSync(emptyRoot, { recursive: true, force: true });
  });
});
