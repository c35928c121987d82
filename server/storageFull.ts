import fs from 'node:fs';
import type { ErrorBody } from './errors';

/**
 * The disk (ours, or the database server's) has no room for a write: Linux's ENOSPC and EDQUOT,
 * SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). Follows `cause`, as the other outage checks do.
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') return true;
  return cause !== undefined && isStorageFull(cause, depth + 1);
}

/** The body of every 503 a full disk causes: HTTP's "Service Unavailable", said for a person. */
export const STORAGE_FULL = {
  error: 'storage_full',
  message: 'Service unavailable: the server is out of storage space, so nothing new can be saved right now. Please try again later.',
} as const;

/** A full disk does not empty itself in a moment: clients wait a minute, not the 2 s of a restart. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

/** Less free space than this under DATA_DIR and health says degraded: the next upload may not fit. */
export const LOW_DISK_BYTES = 64 * 1024 * 1024;

export interface StorageProblem extends ErrorBody {
  /** Bytes free under DATA_DIR, when that is the problem. */
  free_bytes?: number;
}

/**
 * What /api/health says about room to write. DATA_DIR's own disk is measured (statfs) on every
 * check, so space freed shows at once. A write refused for lack of space anywhere (the database
 * server's disk too) is remembered until a later write goes through, or until DATA_DIR has gained
 * LOW_DISK_BYTES since the refusal (someone made room).
 */
export class StorageWatch {
  private refused: { freeThen: number | undefined } | undefined;

  constructor(private readonly dataDir: string) {}

  /** A write failed for lack of space. */
  noteFull(): void {
    if (this.refused) return;
    const refused: { freeThen: number | undefined } = { freeThen: undefined };
    this.refused = refused;
    this.freeBytes().then(
      (free) => (refused.freeThen = free),
      () => undefined,
    );
  }

  /** A write went through: whatever was full has room again. */
  noteWritten(): void {
    this.refused = undefined;
  }

  async problem(): Promise<StorageProblem | undefined> {
    const free = await this.freeBytes();
    if (free !== undefined && free < LOW_DISK_BYTES) {
      const megabytes = Math.floor(free / (1024 * 1024));
      return {
        error: 'low_disk_space',
        message: `The disk holding the server's data has ${megabytes} MB free: new cards, chats and sign-ins may fail.`,
        free_bytes: free,
      };
    }
    const freeThen = this.refused?.freeThen;
    if (free !== undefined && freeThen !== undefined && free - freeThen >= LOW_DISK_BYTES) this.refused = undefined;
    if (this.refused) return { ...STORAGE_FULL };
    return undefined;
  }

  /** Undefined when nothing is kept under DATA_DIR (PostgreSQL and a bucket): there is no disk of ours to measure. */
  private async freeBytes(): Promise<number | undefined> {
    try {
      const stats = await fs.promises.statfs(this.dataDir);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}
