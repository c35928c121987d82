/**
 * The storage quota of each plan (core/contract/constants.ts): what a user keeps stored, and the refusal of a
 * write that would take them past it. Every write that adds bytes asks here first; writes that add
 * many (uploads, imports) ask again under the user's row lock, so two at once cannot both take the
 * last of the room.
 */
import type { Kysely, Transaction } from 'kysely';
import { formatBytes } from '@core/bytes';
import type { StorageUsage } from '@core/contract';
import { storageQuota } from '@core/contract/constants';
import { planLabel } from '@core/plans';
import { storedBytesOf } from '../db/repositories/storage';
import type { Database, User } from '../db/schema';
import { AppError } from '../errors';

type Db = Kysely<Database> | Transaction<Database>;

export async function storageUsage(db: Db, user: Pick<User, 'id' | 'plan'>): Promise<StorageUsage> {
  const parts = await storedBytesOf(db, user.id);
  return {
    plan: user.plan,
    used_bytes: parts.cards + parts.chats + parts.portraits,
    quota_bytes: storageQuota(user.plan),
    cards_bytes: parts.cards,
    chats_bytes: parts.chats,
    portraits_bytes: parts.portraits,
  };
}

/** The refusal names the plan, its quota and what is left, and points at Pricing (the PWA links the word). */
export function quotaMessage(plan: string, used: number, adding: number): string {
  const quota = storageQuota(plan);
  const what = `Your ${planLabel(plan)} plan stores up to ${formatBytes(quota)} of cards and chats`;
  const state = used >= quota ? 'and it is full' : `and ${formatBytes(quota - used)} is left, but this needs ${formatBytes(adding)}`;
  return `${what}, ${state}. Delete chats or cards you no longer need, or see Pricing for a plan with more room.`;
}

/**
 * Refuses (413 `storage_quota`) a write of `adding` bytes that would take the user past their
 * plan's quota; `freeing` is what the same write deletes (a replaced card). `adding` 0 asks only
 * whether the user still has room at all (a chat message: small, and allowed up to the brim).
 */
export async function checkStorageRoom(db: Db, user: Pick<User, 'id' | 'plan'>, adding: number, freeing = 0): Promise<void> {
  const { used_bytes: used, quota_bytes: quota } = await storageUsage(db, user);
  const after = used - freeing + adding;
  if (adding === 0 ? used >= quota : after > quota) {
    throw new AppError(413, 'storage_quota', quotaMessage(user.plan, used - freeing, adding));
  }
}
