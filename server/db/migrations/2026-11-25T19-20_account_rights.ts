import type { Kysely } from 'kysely';

/**
 * A person's account is theirs (take everything out, change the password, delete it):
 * - `users.deleted_at`: the account's deletion was asked for; from that moment the API refuses it,
 *   and `account_deletions` (the record written first) is worked through until nothing is left, at
 *   the next start too when the process died on the way.
 * - `account_deletions.identity_hash`: who the deleted account was, hashed, so an access token issued
 *   before the deletion cannot bring the account back as a new, empty one.
 * - `local_accounts.email_verified_at` and `account_tokens`: the embedded provider's one-time links
 *   (password reset, e-mail verification), stored as hashes only.
 * - `oidc_payloads.account_id`: whose session, grant or refresh token a row is, so an account's
 *   sessions can be ended (a password change, a reset, a deletion) without reading every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

  await db.schema
    .createTable('account_deletions')
    // No foreign key: the user row is the last thing the deletion removes.
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('identity_hash', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('account_deletions_identity_index').on('account_deletions').column('identity_hash').execute();
  await db.schema.createIndex('account_deletions_finished_index').on('account_deletions').column('finished_at').execute();

  await db.schema.alterTable('local_accounts').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('local_accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_account_index').on('account_tokens').columns(['account_id', 'purpose']).execute();

  await db.schema.alterTable('oidc_payloads').addColumn('account_id', 'text').execute();
  await db.schema.createIndex('oidc_payloads_account_index').on('oidc_payloads').columns(['account_id', 'model']).execute();
  await backfillAccountIds(db as Kysely<PayloadRows>);
}

interface PayloadRows {
  oidc_payloads: { model: string; id: string; payload: string; account_id: string | null };
}

/** Rows written before the column existed learn their account from their own payload, a page at a time. */
async function backfillAccountIds(db: Kysely<PayloadRows>): Promise<void> {
  const PAGE = 500;
  let after = { model: '', id: '' };
  for (;;) {
    const rows = await db
      .selectFrom('oidc_payloads')
      .select(['model', 'id', 'payload'])
      .where((eb) => eb(eb.refTuple('model', 'id'), '>', eb.tuple(after.model, after.id)))
      .orderBy('model')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const accountId = accountIdOf(row.payload);
      if (accountId)
        await db
          .updateTable('oidc_payloads')
          .set({ account_id: accountId })
          .where('model', '=', row.model)
          .where('id', '=', row.id)
          .execute();
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { model: last.model, id: last.id };
  }
}

function accountIdOf(payload: string): string | null {
  try {
    const accountId = (JSON.parse(payload) as { accountId?: unknown }).accountId;
    return typeof accountId === 'string' ? accountId : null;
  } catch {
    return null;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('oidc_payloads_account_index').execute();
  await db.schema.alterTable('oidc_payloads').dropColumn('account_id').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('local_accounts').dropColumn('email_verified_at').execute();
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
