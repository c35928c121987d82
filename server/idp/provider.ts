import type { Kysely } from 'kysely';
import Provider, { errors, type ClientMetadata, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import { issuerOf, type Config } from '../config';
import { findLocalAccountById } from '../db/repositories/localAccounts';
import { outageOf } from '../outages';
import { retryAfterOf } from '../plugins/errors';
import type { Database } from '../db/schema';
import { findAccount } from './accounts';
import { KyselyAdapter } from './adapter';
import type { ProviderKeys } from './keys';
import { logoutPage, messagePage } from './pages';

/** Scopes the API's access tokens can carry; the API reads `email` and `name` from them. */
const API_SCOPE = 'openid profile email';
const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** The path the provider answers under (the issuer's path, `/oidc` unless PUBLIC_URL has a path). */
export const mountPathOf = (config: Config) => new URL(issuerOf(config)).pathname.replace(/\/+$/, '');

/**
 * Origins the PWA may run at: the public one, plus the `vite` dev server's while the server runs in
 * development. Never otherwise: anyone able to listen on port 5173 of a user's machine (another
 * program, another account) would receive that user's authorization codes.
 */
function appOrigins({ publicUrl, development }: Config): string[] {
  const dev = development ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : [];
  return [publicUrl, ...dev.filter((origin) => origin !== publicUrl)];
}

/**
 * Whether a sign-out request comes from the app itself: its `id_token_hint` (whose signature the
 * provider has checked by now) names this session's account and was issued since this session signed
 * in. Any other request to end the session (a bare link from another site) is asked about first.
 */
function isOwnSignOut(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint?.payload;
  const session = ctx.oidc.session;
  const signedInAt = session?.authTime();
  if (!hint || !session?.accountId || signedInAt === undefined) return false;
  return hint.sub === session.accountId && typeof hint.iat === 'number' && hint.iat >= signedInAt;
}

function appClient(config: Config): ClientMetadata {
  const origins = appOrigins(config);
  return {
    client_id: config.oidc.clientId,
    client_name: 'cardchat',
    application_type: 'web',
    // A PWA cannot keep a secret: it is a public client, and PKCE stands in for the secret.
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: origins.map((origin) => `${origin}/callback`),
    post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/`, origin]),
    id_token_signed_response_alg: 'ES256',
  };
}

/**
 * The PWA is our own first-party client, so it never shows a consent screen: whatever it asks for
 * (within the scopes we support) is granted here, and the grant is kept on the session.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  if (!oidc.client || !oidc.account) return undefined;
  const accountId = oidc.account.accountId;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new oidc.provider.Grant({ accountId, clientId: oidc.client.clientId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  for (const [indicator, server] of Object.entries(oidc.resourceServers)) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
    if (scopes.length > 0) grant.addResourceScope(indicator, scopes.join(' '));
  }
  await grant.save();
  return grant;
}

/**
 * A request the provider could not serve because the database or the disk is out of service (a full
 * disk above all) is 503 with Retry-After, as the API answers it, not its generic 500: the same
 * request works once the outage ends. Called from renderError (pages) and on `server_error` (JSON
 * answers, whose body the provider has written by then; for pages renderError runs after it).
 */
function answerOutage(ctx: KoaContextWithOIDC, error: unknown, home: { href: string; text: string }): boolean {
  const outage = outageOf(error);
  if (!outage) return false;
  ctx.status = 503;
  ctx.set('Retry-After', retryAfterOf(outage));
  if (ctx.type.includes('html')) {
    ctx.body = messagePage({ title: 'cardchat is unavailable', message: outage.message, link: home });
  } else {
    // OAuth's own code for "try again later", so openid-client reports it as such.
    ctx.body = { error: 'temporarily_unavailable', error_description: outage.message };
  }
  return true;
}

export interface ProviderOptions {
  config: Config;
  db: Kysely<Database>;
  keys: ProviderKeys;
}

export function createProvider({ config, db, keys }: ProviderOptions): Provider {
  const audience = config.oidc.audience;
  const client = appClient(config);
  const allowedOrigins = new Set(client.redirect_uris.map((uri) => new URL(uri).origin));
  const home = { href: `${config.publicUrl}/`, text: 'Back to cardchat' };

  const provider = new Provider(issuerOf(config), {
    adapter: (name) => new KyselyAdapter(db, name),
    clients: [client],
    jwks: keys.signing,
    cookies: { keys: keys.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    // The PWA shows the name and e-mail from the ID token before its first API call.
    conformIdTokenClaims: false,
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // Access tokens are for the API only; the PWA reads the profile from the API, not from userinfo.
      userinfo: { enabled: false },
      revocation: { enabled: true, allowedPolicy: (_ctx, caller, token) => token.clientId === caller.clientId },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, { automatic: isOwnSignOut(ctx), home: home.href });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({ title: 'Signed out', message: 'You are signed out of cardchat.', link: home });
        },
      },
      resourceIndicators: {
        enabled: true,
        // Every token is for the API, whether or not the client names it with `resource`.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: 15 * MINUTE,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    pkce: { required: () => true },
    // Every code and refresh token belongs to the session it was issued in, whatever its scopes (the
    // default exempts offline_access): however the session ends (signed out here or in the app,
    // replaced by another account's sign-in, expired), its refresh tokens stop working at once, and
    // signing out revokes its grant. Access tokens are JWTs the API checks by signature alone: one
    // already issued works until it expires (15 minutes), which is the price of not asking the
    // provider on every API call (and of an external issuer working the same way).
    expiresWithSession: () => true,
    // Refresh tokens without prompt=consent: the PWA needs them to stay signed in between visits.
    issueRefreshToken: (_ctx, caller) => caller.grantTypeAllowed('refresh_token'),
    // A refresh token works once; a reused one revokes the whole grant (theft detection).
    rotateRefreshToken: true,
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await findLocalAccountById(db, token.accountId);
      if (!account) return undefined;
      const scopes = new Set(token.scope?.split(' '));
      return {
        ...(scopes.has('email') ? { email: account.email } : {}),
        ...(scopes.has('profile') ? { name: account.name } : {}),
        // The provider session the token was issued in (its uid): a password change ends the account's
        // other sessions and keeps this one.
        ...(token.sessionUid ? { sid: token.sessionUid } : {}),
      };
    },
    findAccount: (_ctx, sub) => findAccount(db, sub),
    loadExistingGrant,
    interactions: { url: (_ctx, interaction) => `${mountPathOf(config)}/interaction/${interaction.uid}` },
    renderError: (ctx, out, error) => {
      ctx.type = 'html';
      if (answerOutage(ctx, error, home)) return;
      ctx.body = messagePage({
        title: 'Sign-in problem',
        message: 'Something went wrong with this sign-in request. Go back to cardchat and try again.',
        details: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
        link: home,
      });
    },
    ttl: {
      AccessToken: 15 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 60 * MINUTE,
      Interaction: 60 * MINUTE,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // A rotated token inherits what is left of the first one's life: two weeks, then sign in again.
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
  });
  provider.on('server_error', (ctx, error) => answerOutage(ctx as KoaContextWithOIDC, error, home));
  // The provider builds its URLs and Secure cookies from X-Forwarded-Proto/Host, which the idp plugin
  // sets from PUBLIC_URL on every request it hands over (whatever the client sent).
  provider.proxy = true;
  return provider;
}
