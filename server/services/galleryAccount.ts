import type { Kysely } from 'kysely';
import { findUserByIdentity, insertUser } from '../db/repositories/users';
import type { Database } from '../db/schema';
import type { RequestUser } from './users';

/**
 * The gallery's own account: it owns the seeded characters and the public cards of administrators
 * who deleted their accounts. No one can sign in as it, because no issuer vouches for it.
 */
export const GALLERY_IDENTITY = { issuer: 'urn:cardchat:seed', subject: 'gallery', email: null, name: 'cardchat', picture: null };

export async function galleryAccount(db: Kysely<Database>): Promise<RequestUser> {
  const user =
    (await findUserByIdentity(db, GALLERY_IDENTITY.issuer, GALLERY_IDENTITY.subject)) ?? (await insertUser(db, GALLERY_IDENTITY));
  return { ...user, isAdmin: true };
}
