import type { Kysely } from 'kysely';
import type { ProfileUpdate, UserProfile } from '@core/contract';
import { PLAN_IDS, type PlanId } from '@core/contract/constants';
import type { AccessClaims } from '../auth/verify';
import { embeddedAccountId } from './account/embedded';
import type { ServiceContext } from './context';
import { deletedSince, identityHash } from '../db/repositories/accountDeletions';
import { updateLocalAccount } from '../db/repositories/localAccounts';
import { lockLiveOwner } from '../db/repositories/images';
import { findUserByIdentity, insertUser, updateUser } from '../db/repositories/users';
import type { Database, User } from '../db/schema';
import { AppError, badRequest, unauthorized } from '../errors';

export const ACCOUNT_DELETED = 'This account has been deleted.';

/**
 * Takes the account's row lock in a write's transaction (see lockLiveOwner), or answers 401 'This
 * account has been deleted.' when its deletion was recorded meanwhile: a write racing the deletion
 * stores nothing (its caller removes any blob it wrote first).
 */
export async function lockAccount(trx: Kysely<Database>, userId: string): Promise<void> {
  if (!(await lockLiveOwner(trx, userId))) throw unauthorized(ACCOUNT_DELETED);
}

/** The signed-in user as every route sees it: the row, plus what the configuration grants. */
export interface RequestUser extends User {
  isAdmin: boolean;
  /** The provider session the token was issued in (its `sid`), when the token says: a password change keeps it signed in. */
  sid?: string | undefined;
}

function claim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Who ADMIN_EMAILS makes an administrator. */
export interface AdminRule {
  emails: readonly string[];
  /**
   * An external provider may let anyone type any address; its word counts only with
   * `email_verified: true`. The embedded provider's accounts own their address (one account per
   * e-mail), so its tokens need no such claim.
   */
  requireVerifiedEmail: boolean;
}

/**
 * Finds or creates the user a verified token names. Claims the provider vouches for (e-mail, name,
 * picture) refresh the stored copy when they change, so the profile follows the identity provider.
 */
export async function userFromClaims(db: Kysely<Database>, claims: AccessClaims, admins: AdminRule): Promise<RequestUser> {
  const identity = {
    issuer: claims.iss,
    subject: claims.sub,
    email: claim(claims.email)?.toLowerCase() ?? null,
    name: claim(claims.name),
    picture: claim(claims.picture),
  };
  let user = await findUserByIdentity(db, identity.issuer, identity.subject);
  // Tokens are checked by signature alone, so one issued before its account's deletion still verifies:
  // the account is refused from the moment its deletion is recorded, and never made again from such a token.
  if (user?.deleted_at) throw unauthorized(ACCOUNT_DELETED);
  if (!user) {
    const issuedAt = typeof claims.iat === 'number' ? new Date(claims.iat * 1000).toISOString() : undefined;
    if (await deletedSince(db, identityHash(identity.issuer, identity.subject), issuedAt)) throw unauthorized(ACCOUNT_DELETED);
    user = await insertUser(db, identity);
  } else {
    const changes: Partial<Pick<User, 'email' | 'name' | 'picture'>> = {};
    // Only an e-mail the token carries may replace the stored one; a missing claim changes nothing.
    if (identity.email && identity.email !== user.email) changes.email = identity.email;
    if (identity.name && !user.name) changes.name = identity.name;
    if (identity.picture && !user.picture) changes.picture = identity.picture;
    if (Object.keys(changes).length > 0) user = await updateUser(db, user.id, changes);
  }
  const emailTrusted = !admins.requireVerifiedEmail || claims.email_verified === true;
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
  return { ...user, isAdmin: emailTrusted && user.email !== null && admins.emails.includes(user.email), sid };
}

/**
 * The client repeats who it thinks the user is in X-User-ID / X-User-Email. Those headers never
 * identify anyone; when they disagree with the token the request is refused, because a client that
 * is confused about who is signed in must not act for either user.
 */
export function checkIdentityHeaders(user: User, userId: string | undefined, userEmail: string | undefined): void {
  if (userId !== undefined && userId !== '' && userId !== user.subject && userId !== user.id) {
    throw badRequest('invalid_user', 'Invalid user information');
  }
  if (userEmail !== undefined && userEmail !== '' && userEmail.toLowerCase() !== (user.email ?? '')) {
    throw badRequest('invalid_user', 'Invalid user information');
  }
}

export async function updateProfile(ctx: ServiceContext, user: RequestUser, changes: ProfileUpdate): Promise<RequestUser> {
  const update: Partial<Pick<User, 'name' | 'picture'>> = {};
  if (changes.name !== undefined) {
    const name = changes.name.trim();
    if (!name) throw badRequest('invalid_name', 'Name cannot be empty');
    update.name = name;
  }
  if (changes.picture !== undefined) {
    const picture = changes.picture?.trim() || null;
    if (picture && !/^https:\/\/[^\s]+$/i.test(picture) && !picture.startsWith('/')) {
      throw badRequest('invalid_picture', 'Picture must be an https:// address');
    }
    update.picture = picture;
  }
  if (Object.keys(update).length === 0) return user;
  // The embedded sign-in's account carries the name too (its tokens and its password rules read it).
  const accountId = update.name === undefined ? undefined : embeddedAccountId(ctx, user);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    if (accountId) await updateLocalAccount(trx, accountId, { name: update.name! });
    return updateUser(trx, user.id, update);
  });
  return { ...updated, isAdmin: user.isAdmin, sid: user.sid };
}

export function parsePlan(value: string): PlanId {
  const plan = value.trim().toLowerCase();
  if (plan === 'free') return 'normal';
  if (!(PLAN_IDS as readonly string[]).includes(plan)) {
    throw new AppError(400, 'invalid_plan', `Unknown plan '${value}'. Plans: free (normal), monthly, quarterly, yearly`);
  }
  return plan as PlanId;
}

/** The profile as GET /api/users/profile answers it. */
export function profileOf(user: RequestUser): UserProfile {
  return {
    email: user.email,
    name: user.name,
    picture: user.picture,
    uid: user.id,
    sub: user.subject,
    plan: user.plan,
    is_admin: user.isAdmin,
    handle: user.handle,
    bio: user.bio,
    adult_confirmed: user.adult_confirmed_at !== null,
    show_nsfw: user.show_nsfw === 1,
  };
}
