/**
 * View and download counts that a script cannot inflate: each viewer counts once per card per day
 * (a loop of requests must not move them). A signed-in viewer is their account; anyone else is their address, kept only as a keyed
 * hash whose key lives in this process's memory, so a stored row cannot be turned back into an
 * address, and rows go after a day.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { countHitOnce } from '../db/repositories/cardHits';
import type { Database } from '../db/schema';

const ADDRESS_KEY = randomBytes(32);

/** A signed-in viewer's rows: an account deletion removes them with the rest of the account. */
export const accountViewer = (userId: string): string => `user:${userId}`;

/** Who is looking: `request.user` when signed in, else `request.ip` (which TRUST_PROXY decides). */
export function viewerOf(user: { id: string } | null | undefined, address: string): string {
  if (user) return accountViewer(user.id);
  return `address:${createHmac('sha256', ADDRESS_KEY).update(address).digest('base64url').slice(0, 22)}`;
}

export async function countOnce(
  db: Kysely<Database>,
  imageId: string,
  kind: 'view' | 'download',
  viewer: string,
  now = new Date(),
): Promise<void> {
  await countHitOnce(db, { image_id: imageId, kind, viewer, day: now.toISOString().slice(0, 10) });
}
