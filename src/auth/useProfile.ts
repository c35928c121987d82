import type { UserProfile } from '@core/contract';
import { profileOf } from './session';
import { useSession } from './useSession';

/** The signed-in user's profile (confirmed, or remembered while offline), else null. */
export function useProfile(): UserProfile | null {
  return profileOf(useSession());
}
