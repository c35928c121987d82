import { issuerOf } from '../../config';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';

/**
 * The embedded provider's account behind a user (its id is the token's subject), when the user signed
 * in with cardchat's own sign-in; undefined for an external issuer's user, whose account is not ours.
 */
export function embeddedAccountId(ctx: Pick<ServiceContext, 'config'>, user: Pick<RequestUser, 'issuer' | 'subject'>): string | undefined {
  return !ctx.config.oidc.issuer && user.issuer === issuerOf(ctx.config) ? user.subject : undefined;
}

/** Where an external issuer's user manages their sign-in: its host, for messages. */
export const issuerHost = (ctx: Pick<ServiceContext, 'config'>) => new URL(issuerOf(ctx.config)).host;
