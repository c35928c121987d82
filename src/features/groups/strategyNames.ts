import type { RecentChat } from '@core/contract';

/** How each way of picking the next speaker reads in the app. */
export const STRATEGY_NAMES: Record<NonNullable<RecentChat['group_strategy']>, string> = {
  natural: 'Natural (whoever is named, or the talkative)',
  list: 'In turn (list order)',
  pooled: 'Pooled (everyone once before anyone again)',
};
