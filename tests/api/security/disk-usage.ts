/** How much disk a test app's data takes: every file under DATA_DIR, plus its PostgreSQL schema's tables. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from '../helpers';

function directoryBytes(root: string): number {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/**
 * SQLite's file, write-ahead log and blobs all live in DATA_DIR; PostgreSQL's tables (with indexes and
 * TOAST) are counted by the server. `settled` first moves SQLite's write-ahead log into the database
 * and empties it: the log is the server's scratch space (at most 64 MB, shared by every account), not
 * what an account keeps.
 */
export async function diskBytes(test: TestApp, { settled = false } = {}): Promise<number> {
  if (settled && !test.schema) await sql`pragma wal_checkpoint(truncate)`.execute(test.db.kysely);
  const files = directoryBytes(test.dataDir);
  if (!test.schema) return files;
  const { rows } = await sql<{ bytes: string | null }>`
    select sum(pg_total_relation_size(c.oid)) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${test.schema} and c.relkind = 'r'`.execute(test.db.kysely);
  return files + Number(rows[0]?.bytes ?? 0);
}
