import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Who a deleted account was, as the deletion record keeps it: a hash of issuer and subject, nothing readable. */
export function identityHash(issuer: string, subject: string): string {
  return createHash('sha256').update(`${issuer}\n${subject}`).digest('base64url');
}

/**
 * Marks the user deleted and records the deletion, in the caller's transaction; false when it was
 * already asked for (a second request changes nothing).
 */
export async function recordAccountDeletion(
  trx: Kysely<Database>,
  user: { id: string; issuer: string; subject: string },
  now: string,
): Promise<boolean> {
  const marked = await trx
    .updateTable('users')
    .set({ deleted_at: now })
    .where('id', '=', user.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return false;
  await trx
    .insertInto('account_deletions')
    .values({
      user_id: user.id,
      identity_hash: identityHash(user.issuer, user.subject),
      requested_at: now,
      finished_at: null,
      last_error: null,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return true;
}

export async function unfinishedDeletions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('finished_at', 'is', null)
    .orderBy('requested_at')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Counts an attempt and keeps why it stopped short (null once it got through). */
export async function noteDeletionAttempt(db: Kysely<Database>, userId: string, error: string | null): Promise<void> {
  await db
    .updateTable('account_deletions')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error }))
    .where('user_id', '=', userId)
    .execute();
}

export async function markDeletionFinished(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('account_deletions').set({ finished_at: now, last_error: null }).where('user_id', '=', userId).execute();
}

/**
 * Whether an account with this identity was deleted at or after `issuedAt` (a token's `iat`, ISO;
 * undefined when the token has none): such a token belongs to the deleted account and must not
 * create a new one.
 */
export async function deletedSince(db: Kysely<Database>, hash: string, issuedAt: string | undefined): Promise<boolean> {
  let query = db.selectFrom('account_deletions').select('user_id').where('identity_hash', '=', hash);
  if (issuedAt !== undefined) query = query.where('requested_at', '>=', issuedAt);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Finished records outlive every token issued before them, then go: they are needed for nothing else. */
export async function pruneFinishedDeletions(db: Kysely<Database>, finishedBefore: string): Promise<void> {
  await db.deleteFrom('account_deletions').where('finished_at', '<', finishedBefore).execute();
}
