import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import { loadPackage } from '../lazyPackage';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema given at open (tests); undefined means the connection's search_path. */
  schema?: string | undefined;
  /** How it was opened: the jobs worker thread opens its own connection the same way. */
  options: DbOptions;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; SQLite is used when absent. */
  databaseUrl?: string | undefined;
  /** Directory for the SQLite file. */
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string | undefined;
  /**
   * How long a SQLite write waits for another connection's lock (an admin command, a backup) before
   * it fails with SQLITE_BUSY, which the API answers 503.
   */
  sqliteBusyTimeoutMs?: number | undefined;
}

export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * SQLite rolls a transaction back by itself on some failures (a full disk, an I/O error); Kysely's
 * ROLLBACK after it then fails with "no transaction is active" and hides the error that says why,
 * which would make a full disk a 500 instead of a 503.
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly database: SQLite.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    const database = this.database;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (database.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database });
  }
}

function openSqlite(dataDir: string, busyTimeoutMs: number): Kysely<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(path.join(dataDir, 'cardchat.db'));
  // WAL lets readers run beside the writer; FULL makes every acknowledged commit survive power loss.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  // A checkpoint leaves the write-ahead log as big as the largest write since the last one; past
  // this it is cut back, so one burst of writes does not keep its size on disk for ever.
  database.pragma('journal_size_limit = 67108864');
  database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  database.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors(database) });
}

function openPostgres(connectionString: string, schema: string | undefined): Kysely<Database> {
  const pg = loadPackage<typeof import('pg')>('pg');
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client losing its connection must not crash the process, idle (the pool's 'error') or checked
  // out between queries (its own 'error', which nobody else listens to then); the query in flight
  // fails on its own, and the next one reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDb(options: DbOptions): Db {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const kysely = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema)
    : openSqlite(options.dataDir, options.sqliteBusyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS);
  return { kysely, dialect, schema: options.databaseUrl ? options.schema : undefined, options, close: () => kysely.destroy() };
}
