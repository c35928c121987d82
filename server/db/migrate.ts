import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './index';
import { migrations } from './migrations/index';

export class SchemaTooNewError extends Error {}

const provider = { getMigrations: async () => migrations };

/** Names of migrations the database has applied that this code does not know. */
async function unknownApplied(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = (await db.kysely
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute()) as Array<{ name: string }>;
  return rows.map((r) => r.name).filter((name) => !(name in migrations));
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
  const migrator = new Migrator({ db: db.kysely, provider });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
