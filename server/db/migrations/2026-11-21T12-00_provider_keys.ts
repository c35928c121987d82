import type { Kysely } from 'kysely';

/**
 * The embedded provider's signing and cookie keys, in the database rather than one instance's
 * DATA_DIR, so every instance behind a load balancer signs and verifies with the same keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('keys', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_keys').execute();
}
