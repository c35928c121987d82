import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, SchemaTooNewError } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { databases, openTestDb } from './helpers';

describe.each(databases)('migrations (%s)', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function freshDb() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-migrate-'));
    const opened = await openTestDb(dialect, dataDir);
    cleanups.push(async () => {
      await opened.db.close();
      await opened.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return opened.db;
  }

  it('applies every migration once, in order, and a second run changes nothing', async () => {
    const db = await freshDb();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('creates users keyed by issuer and subject, on the Free plan by default', async () => {
    const db = await freshDb();
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const row = { issuer: 'https://id.example', subject: 's1', email: null, name: null, picture: null, created_at: now, updated_at: now };
    await db.kysely.insertInto('users').values({ id: 'u1', ...row }).execute();
    const stored = await db.kysely.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(stored.plan).toBe('normal');
    await expect(db.kysely.insertInto('users').values({ id: 'u2', ...row }).execute()).rejects.toThrow();
  });

  it('refuses a database that a newer version of cardchat has migrated', async () => {
    const db = await freshDb();
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values (${'2999-01-01T00-00_from_the_future'}, ${new Date().toISOString()})`.execute(
      db.kysely,
    );
    await expect(migrateToLatest(db)).rejects.toThrow(SchemaTooNewError);
    await expect(migrateToLatest(db)).rejects.toThrow(/newer than this version of cardchat/);
  });
});
