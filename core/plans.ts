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
