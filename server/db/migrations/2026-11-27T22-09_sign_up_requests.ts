import type { Kysely } from 'kysely';

/**
 * Sign-ups waiting for their mailed link (with SMTP_URL the embedded provider creates an account only
 * when its address's owner opens it): the link token's hash, the name and the password's hash. A row
 * without a password hash records the notice mailed to the owner of an address that has an account
 * already; both kinds keep anyone from mailing one address more than once a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_up_requests')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_up_requests_email_index').on('sign_up_requests').columns(['email', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_up_requests').execute();
}
