import type { Kysely } from 'kysely';

/**
 * `events`: every change to a person's data as a row written in the change's own transaction, so a
 * device's live stream can replay what it missed. `id` counts up per person (from `event_counters`,
 * whose row is locked until the change commits, so a person's events commit in id order and a
 * reader never skips one that commits late). Old rows are pruned after the retention window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_counters')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_id', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('events')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    // The device that made the change (its X-Device-ID), so that device skips its own event.
    .addColumn('origin', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('events_pkey', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('events_created_index').on('events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('event_counters').execute();
}
