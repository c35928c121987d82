import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkBlobKey, type BlobBody, type BlobStore } from './store';

/** The temporary name put() writes under before its rename. */
const UNFINISHED = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** Blobs as files under one directory. Writes land under a temporary name and are renamed into place, so a reader never sees half a file. */
export class FileBlobStore implements BlobStore {
  readonly kind = 'files';

  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkBlobKey(key).split('/'));
  }

  async put(key: string, data: BlobBody): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      const handle = await fs.promises.open(temporary, 'w');
      try {
        if (data instanceof Uint8Array) await handle.writeFile(data);
        // One chunk at a time: awaiting each write is the back-pressure, so the blob is never in memory whole.
        else for await (const chunk of data) await handle.write(chunk as Uint8Array);
        // The database row pointing at this file commits after us; the bytes must already be durable.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Removes the temporary files of writes that never finished (the process was killed mid-put): they
   * are nobody's blob and would only fill the disk. Run at start, before any put of this process.
   */
  async removeUnfinishedWrites(): Promise<number> {
    const entries = await fs.promises.readdir(this.root, { recursive: true, withFileTypes: true });
    const unfinished = entries.filter((entry) => entry.isFile() && UNFINISHED.test(entry.name));
    await Promise.all(unfinished.map((entry) => fs.promises.rm(path.join(entry.parentPath, entry.name), { force: true })));
    return unfinished.length;
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

  async check(): Promise<void> {
    await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  async close(): Promise<void> {
    // Every file handle is closed by the call or stream that opened it.
  }
}
