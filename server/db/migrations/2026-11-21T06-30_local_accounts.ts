import type { Kysely } from 'kysely';

/** The embedded provider's tables: its own user accounts, and the state oidc-provider persists. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('local_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // One row per provider model instance (session, grant, code, refresh token, interaction...).
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id_index').on('oidc_payloads').columns(['model', 'grant_id']).execute();
  await db.schema.createIndex('oidc_payloads_uid_index').on('oidc_payloads').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oidc_payloads_user_code_index').on('oidc_payloads').columns(['model', 'user_code']).execute();
  await db.schema.createIndex('oidc_payloads_expires_at_index').on('oidc_payloads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_payloads').execute();
  await db.schema.dropTable('local_accounts').execute();
}
