import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkBlobKey, type BlobStore } from './store';

/** Blobs as files under one directory. Writes land under a temporary name and are renamed into place, so a reader never sees half a file. */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkBlobKey(key).split('/'));
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    const handle = await fs.promises.open(temporary, 'w');
    try {
      await handle.writeFile(data);
      // The database row pointing at this file commits after us; the bytes must already be durable.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, target);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.promises.open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
