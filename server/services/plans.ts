import { MESSAGE_PICTURE_CHANGE_PAID, mayChangePicture } from '@core/plans';
import { AppError } from '../errors';
import type { RequestUser } from './users';

/** Giving an existing character another picture is the paid plans' (core/plans.ts): 403 `plan_required` otherwise. */
export function checkMayChangePicture(user: Pick<RequestUser, 'plan'>): void {
  if (!mayChangePicture(user.plan)) throw new AppError(403, 'plan_required', MESSAGE_PICTURE_CHANGE_PAID);
}
