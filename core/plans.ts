import { formatBytes } from './bytes';
import type { PlanName } from './contract';
import { PRIVATE_SLOTS, STORAGE_QUOTA_BYTES, type PlanId } from './contract/constants';

/** How a plan value reads to a person: 'normal' is the free tier, others are shown capitalised. */
export function planLabel(plan: PlanName | null | undefined): string {
  if (!plan || plan === 'normal') return 'Free';
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** A plan's private card slots as the pricing page lists them: '5 private card slots', 'Unlimited ...'. */
export function privateSlotsLabel(plan: PlanId): string {
  const slots = PRIVATE_SLOTS[plan];
  return `${Number.isFinite(slots) ? slots : 'Unlimited'} private card slots`;
}

/** '250 MB of storage for cards and chats': the line Pricing shows for a plan. */
export function storageFeature(plan: PlanId): string {
  return `${formatBytes(STORAGE_QUOTA_BYTES[plan])} of storage for cards and chats`;
}

/**
 * The one rule for a character's picture, which the editor's save, the replacement route, their
 * screens and Pricing all follow. Making a character with a picture of one's own (an upload, the
 * editor's new character) is every plan's; giving an existing character another picture (the
 * editor's picture of a stored card, 'Change Character') is the paid plans' perk.
 */
export function mayChangePicture(plan: PlanName | null | undefined): boolean {
  // Any plan value but the free tier's is a paid plan, a hand-set one too.
  const value = (plan ?? '').trim().toLowerCase();
  return value !== '' && value !== 'normal';
}

/** What the server answers (403 `plan_required`) when a Free account changes a character's picture. */
export const MESSAGE_PICTURE_CHANGE_PAID = 'Free users cannot modify characters. Upgrade to a premium plan to replace character images.';

/**
 * What Pricing lists for each plan: only what that plan really gets here, each plan with everything of
 * the one before it.
 */
export const PLAN_FEATURES: Readonly<Record<PlanId, readonly string[]>> = {
  normal: [
    'Unlimited AI conversations',
    'Custom character creation',
    privateSlotsLabel('normal'),
    storageFeature('normal'),
    'Export and import chats',
  ],
  monthly: ['Everything in Free', 'Custom character images', privateSlotsLabel('monthly'), storageFeature('monthly')],
  quarterly: ['Everything in Monthly', privateSlotsLabel('quarterly'), storageFeature('quarterly')],
  yearly: ['Everything in Quarterly', privateSlotsLabel('yearly'), storageFeature('yearly')],
};
