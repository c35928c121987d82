import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { stubDist } from '../../scripts/lib/server-process';
import { openDb } from '../../server/db/index';
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
    await db.kysely
      .insertInto('users')
      .values({ id: 'u1', ...row })
      .execute();
    const stored = await db.kysely.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(stored.plan).toBe('normal');
    await expect(
      db.kysely
        .insertInto('users')
        .values({ id: 'u2', ...row })
        .execute(),
    ).rejects.toThrow();
  });

  it('files the cards already public in the gallery when it migrates, searchable by their words and tags, in the order they were uploaded', async () => {
    const db = await freshDb();
    const before = Object.keys(migrations).filter((name) => name < '2026-11-27T22-20_publishing');
    const older = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => Object.fromEntries(before.map((name) => [name, migrations[name]!])) },
      ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    });
    expect((await older.migrateToLatest()).error).toBeUndefined();
    const now = '2026-11-01T00:00:00.000Z';
    await sql`insert into users (id, issuer, subject, created_at, updated_at) values ('u1', 'i', 's', ${now}, ${now})`.execute(db.kysely);
    const card = (id: string, isPublic: number, name: string, tags: string[], createdAt: string) =>
      sql`insert into images (id, owner_id, is_public, filename, display_title, blob_key, thumb_keys, sha256, file_size, width, height,
        aspect_ratio, card_json, card_name, card_tags, card_creator, spec_version, favorite_count, created_at, updated_at)
        values (${id}, 'u1', ${isPublic}, 'f.png', ${name}, 'b', '{}', ${id}, 1, 1, 1, '1:1', '{}', ${name}, ${JSON.stringify(tags)},
        'Quill', '3.0', 2, ${createdAt}, ${createdAt})`.execute(db.kysely);
    await card('newer', 1, 'Second Light', ['Sci-Fi', ' Space '], '2026-11-03T00:00:00.000Z');
    await card('older', 1, 'First Light', ['Fantasy'], '2026-11-02T00:00:00.000Z');
    await card('private', 0, 'Hidden', ['Fantasy'], '2026-11-04T00:00:00.000Z');
    await migrateToLatest(db);

    const rows = await db.kysely
      .selectFrom('gallery')
      .select(['image_id', 'search_text', 'tags_text', 'favorite_count', 'nsfw'])
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { image_id: 'older', search_text: 'first light fantasy quill', tags_text: 'fantasy', favorite_count: 2, nsfw: 0 },
      { image_id: 'newer', search_text: 'second light sci fi space quill', tags_text: 'sci-fi\nspace', favorite_count: 2, nsfw: 0 },
    ]);
    const published = await db.kysely.selectFrom('images').select(['id', 'review_state', 'published_at']).orderBy('id').execute();
    expect(published).toEqual([
      { id: 'newer', review_state: 'published', published_at: '2026-11-03T00:00:00.000Z' },
      { id: 'older', review_state: 'published', published_at: '2026-11-02T00:00:00.000Z' },
      { id: 'private', review_state: 'private', published_at: null },
    ]);
    const { listGallery } = await import('../../server/db/repositories/gallery');
    const found = await listGallery(db.kysely, { sort: 'newest', nsfw: false, tags: ['sci-fi'], words: ['spa'] }, { limit: 20, offset: 0 });
    expect(found.ids).toEqual(['newer']);
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

describe('npm run migrate, and a server on a newer schema', () => {
  const MIGRATE = ['--import', 'tsx', 'scripts/migrate.ts'];
  const START = ['scripts/start.mjs'];
  function run(args: string[], dataDir: string) {
    const distDir = stubDist(dataDir);
    return spawnSync(process.execPath, args, {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_GALLERY: 'false',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  it(
    'applies the migrations alone, then finds nothing to do; neither it nor the server runs on a newer schema',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-migrate-cli-'));
      try {
        const first = run(MIGRATE, dataDir);
        expect(first.status).toBe(0);
        expect(first.stdout).toContain(`Applied: ${Object.keys(migrations).join(', ')}`);
        const again = run(MIGRATE, dataDir);
        expect([again.status, again.stdout.trim()]).toEqual([0, 'The database is up to date.']);

        const db = openDb({ dataDir });
        await sql`insert into kysely_migration (name, timestamp) values (${'2999-01-01T00-00_from_the_future'}, ${new Date().toISOString()})`.execute(
          db.kysely,
        );
        await db.close();
        for (const args of [MIGRATE, START]) {
          const refused = run(args, dataDir);
          expect(refused.status).toBe(1);
          expect(refused.stderr).toMatch(/newer than this version of cardchat/);
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
