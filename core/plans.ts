import type { PlanName } from './contract';

/** How a plan value reads to a person: 'normal' is the free tier, others are shown capitalised. */
export function planLabel(plan: PlanName | null | undefined): string {
  if (!plan || plan === 'normal') return 'Free';
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
