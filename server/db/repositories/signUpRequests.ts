import type { Kysely } from 'kysely';
import type { Database, SignUpRequestsTable } from '../schema';

export async function insertSignUpRequest(db: Kysely<Database>, row: SignUpRequestsTable): Promise<void> {
  await db.insertInto('sign_up_requests').values(row).execute();
}

/** Whether anything was mailed to this address about signing up since `since` (ISO). */
export async function signUpMailedSince(db: Kysely<Database>, email: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_up_requests')
    .select('email')
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses up a live sign-up link: of two requests with it, one gets the sign-up. */
export function consumeSignUpRequest(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .deleteFrom('sign_up_requests')
    .where('token_hash', '=', tokenHash)
    .where('password_hash', 'is not', null)
    .where('expires_at', '>', now)
    .returning(['email', 'name', 'password_hash'])
    .executeTakeFirst();
}

export async function deleteExpiredSignUpRequests(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('sign_up_requests').where('expires_at', '<=', now).execute();
}
