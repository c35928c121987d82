import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { Db } from './index';
import { migrations } from './migrations/index';

export class SchemaTooNewError extends Error {}

const provider = { getMigrations: async () => migrations };

/** Names of migrations the database has applied that this code does not know. */
async function unknownApplied(db: Db): Promise<string[]> {
  if (!(await hasMigrationTable(db))) return [];
  const rows = (await db.kysely
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute()) as Array<{ name: string }>;
  return rows.map((r) => r.name).filter((name) => !(name in migrations));
}

/**
 * Whether this database has recorded migrations. Asked of the schema in use only (PostgreSQL's
 * search_path): a listing of every schema's tables would see another database's ledger.
 */
async function hasMigrationTable(db: Db): Promise<boolean> {
  const query =
    db.dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`
      : sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  const { rows } = await query.execute(db.kysely);
  return rows.length > 0 && rows[0]!.found !== null;
}

/**
 * Brings the schema up to date. Refuses to touch a database that a newer version of cardchat has
 * migrated, because this code would not know how to read what that version wrote.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const newer = await unknownApplied(db);
  if (newer.length > 0) {
    throw new SchemaTooNewError(
      `The database schema is newer than this version of cardchat (unknown migrations: ${newer.join(', ')}). ` +
        'Upgrade cardchat before starting it against this database.',
    );
  }
  // Named schema: Kysely looks for its ledger among every schema's tables, so a neighbour's would count.
  const migrator = new Migrator({ db: db.kysely, provider, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
