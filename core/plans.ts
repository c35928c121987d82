import { formatBytes } from './bytes';
import type { PlanName } from './types';

/** How a plan value reads to a person: 'normal' is the free tier, others are shown capitalised. */
export function planLabel(plan: PlanName | null | undefined): string {
  if (!plan || plan === 'normal') return 'Free';
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

export interface PlanLimits {
  /** Private cards the user may keep (spec §9); public cards (administrators') do not count. */
  privateSlots: number;
  /**
   * Bytes the user may keep stored: private cards (PNG, thumbnails, card text), chats (message
   * text plus a fixed cost per message) and generated portraits. Sized for this field's heavy users:
   * chats of tens of thousands of messages (~25 MB each) and cards with images of several MB.
   */
  storageBytes: number;
}

/** Every plan's limits: the server enforces them and the PWA shows them (Pricing, Profile). */
export const PLAN_LIMITS: Readonly<Record<'normal' | 'monthly' | 'quarterly' | 'yearly', Readonly<PlanLimits>>> = Object.freeze({
  normal: { privateSlots: 5, storageBytes: 250 * MB },
  monthly: { privateSlots: 50, storageBytes: 2 * GB },
  quarterly: { privateSlots: 100, storageBytes: 5 * GB },
  yearly: { privateSlots: Number.POSITIVE_INFINITY, storageBytes: 10 * GB },
});

/** A plan's limits; a value no plan has (or none) gets the Free plan's. */
export function planLimits(plan: PlanName | null | undefined): Readonly<PlanLimits> {
  const key = (plan ?? '').trim().toLowerCase();
  return Object.hasOwn(PLAN_LIMITS, key) ? PLAN_LIMITS[key as keyof typeof PLAN_LIMITS] : PLAN_LIMITS.normal;
}

/** '250 MB of storage for cards and chats': the line Pricing shows for a plan. */
export function storageFeature(plan: keyof typeof PLAN_LIMITS): string {
  return `${formatBytes(PLAN_LIMITS[plan].storageBytes)} of storage for cards and chats`;
}
