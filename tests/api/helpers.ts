import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDb, type Db, type DialectName } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrate';
import { checkResponseShapes, type ShapeViolation } from './responseShapes';

/**
 * The databases every API suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set (CI sets it). Use as `describe.each(databases)('... (%s)', (dialect) => ...)`.
 */
export const databases: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  dataDir: string;
  /** The PostgreSQL schema this app works in (undefined on SQLite). */
  schema: string | undefined;
  /** Answers that did not match their route's response schema (each also failed its request with a 500). */
  shapeViolations: ShapeViolation[];
  close(): Promise<void>;
}

/** A fresh, empty PostgreSQL schema, so test files never see each other's rows. */
async function createSchema(url: string): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return schema;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** Opens a migrated database of the given dialect in a temporary place. */
export async function openTestDb(
  dialect: DialectName,
  dataDir: string,
): Promise<{ db: Db; schema: string | undefined; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const db = openDb({ dataDir });
    return { db, schema: undefined, drop: async () => undefined };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = await createSchema(url);
  const db = openDb({ databaseUrl: url, dataDir, schema });
  return { db, schema, drop: () => dropSchema(url, schema) };
}

export interface TestAppOptions {
  /**
   * Opens the database the app works on, on the file or schema createTestApp made and migrated: a
   * connection through a proxy the test can cut, or with a short busy timeout. createTestApp's own
   * connection stays open beside it until close().
   */
  openDb?: (dataDir: string, schema: string | undefined) => Db;
}

/**
 * The real server, built as `npm start` builds it, on a fresh database and DATA_DIR.
 * `env` overrides environment variables the way a deployment would set them.
 */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-test-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:8787',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const setup = await openTestDb(dialect, dataDir);
  await migrateToLatest(setup.db);
  const db = options.openDb ? options.openDb(dataDir, setup.schema) : setup.db;
  const app = await buildApp({ config, db });
  const shapeViolations = checkResponseShapes(app);
  await app.ready();
  return {
    app,
    shapeViolations,
    config,
    db,
    dataDir,
    schema: setup.schema,
    async close() {
      await app.close();
      if (db !== setup.db) await setup.db.close();
      await setup.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
