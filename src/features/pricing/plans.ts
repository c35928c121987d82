import type { PlanId } from '@core/contract/constants';
import { privateSlotsLabel, storageFeature } from '@core/plans';

/**
 * The plans shown on /pricing. `id` is the value stored in users.plan ('normal' is Free), so the
 * page can mark the user's current plan and the admin command can name the same value.
 */
export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  savings?: string;
  features: readonly string[];
  /**
   * 'free' is never bought (a paid user already has everything it offers); only Monthly can be
   * bought today; the other paid plans are announced but not yet on sale.
   */
  availability: 'free' | 'available' | 'comingSoon';
  popular?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'normal',
    name: 'Free',
    price: '$0',
    period: 'forever',
    // Export is every plan's: a person's chats are theirs to take (and, with issue 21, all their data).
    features: ['Unlimited AI conversations', privateSlotsLabel('normal'), storageFeature('normal'), 'Export and import chats'],
    availability: 'free',
  },
  {
    id: 'monthly',
    name: 'Monthly',
    price: '$19',
    period: '/month',
    features: ['Everything in Free', 'Custom character images', privateSlotsLabel('monthly'), storageFeature('monthly')],
    availability: 'available',
    popular: true,
  },
  {
    id: 'quarterly',
    name: 'Quarterly',
    price: '$43',
    period: 'per 3 months',
    savings: 'Save $14',
    features: [privateSlotsLabel('quarterly'), storageFeature('quarterly'), 'Priority support', 'Advanced customization'],
    availability: 'comingSoon',
  },
  {
    id: 'yearly',
    name: 'Yearly',
    price: '$119',
    period: '/year',
    savings: 'Save $109/year',
    features: [privateSlotsLabel('yearly'), storageFeature('yearly'), 'Early access', 'Priority support', 'Custom character creation'],
    availability: 'comingSoon',
  },
];

/**
 * Whether `plan` is the user's. A visitor (null: signed out) has none; a user's empty plan value is
 * Free; values compare case-insensitively.
 */
export function isCurrentPlan(plan: Plan, currentPlan: string | null): boolean {
  if (currentPlan === null) return false;
  return plan.id === (currentPlan.trim().toLowerCase() || 'normal');
}
