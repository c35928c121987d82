import type { ChangePasswordRequest, ChangePasswordResponse } from '@core/contract';
import { findLocalAccountById } from '../../db/repositories/localAccounts';
import { AppError, badRequest } from '../../errors';
import { isAccountPassword, newPasswordHash, storeNewPassword } from '../../idp/accounts';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { embeddedAccountId, issuerHost } from './embedded';

export const passwordChangeMessages = {
  wrongCurrent: 'Your current password is not right.',
  same: 'Your new password is the same as your current one.',
  changed: 'Your password has been changed.',
  external: (host: string) => `You sign in through ${host}: change your password there.`,
} as const;

/**
 * Changes the embedded account's password, the current one required (as slow as a sign-in, and
 * limited like one), the new one held to the sign-up policy (its reason is the answer). Every other
 * session of the account ends in the same transaction; the one the request's token came from stays.
 */
export async function changePassword(
  ctx: ServiceContext,
  user: RequestUser,
  request: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  const accountId = embeddedAccountId(ctx, user);
  const account = accountId ? await findLocalAccountById(ctx.db, accountId) : undefined;
  if (!account) throw new AppError(409, 'external_account', passwordChangeMessages.external(issuerHost(ctx)));
  if (!(await isAccountPassword(account, request.current_password)))
    throw badRequest('wrong_password', passwordChangeMessages.wrongCurrent);
  if (request.new_password.normalize('NFC') === request.current_password.normalize('NFC'))
    throw badRequest('same_password', passwordChangeMessages.same);
  const result = await newPasswordHash(account, request.new_password);
  if ('problem' in result) throw badRequest('weak_password', result.problem);
  const ended = await ctx.db.transaction().execute((trx) => storeNewPassword(trx, account.id, result.hash, user.sid));
  return { success: true, message: passwordChangeMessages.changed, signed_out_sessions: ended };
}
