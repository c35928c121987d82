import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors, type Interaction, type InteractionResults, type Provider } from 'oidc-provider';
import type { Database } from '../db/schema';
import { addressKey } from '../plugins/rateLimits';
import { messages, normalizeEmail, signIn, signUp, signUpProblems } from './accounts';
import type { AccountMailer } from './accountMail';
import { messagePage, signInPage, signUpPage } from './pages';
import { signUpMessages } from './signUpByMail';

export interface InteractionOptions {
  provider: Provider;
  db: Kysely<Database>;
  /** Where the provider is mounted, e.g. `/oidc`. */
  mountPath: string;
  publicUrl: string;
  /** Set with REQUIRE_EMAIL_VERIFICATION: an account signs in once its address is confirmed. */
  verification: AccountMailer | undefined;
  /** Set with SMTP_URL: a sign-up finishes through a mailed link, and never says whether an address is taken. */
  mail: AccountMailer | undefined;
}

export const verificationMessages = {
  unconfirmed:
    'Confirm your e-mail address first: open the link we sent to it. Nothing arrived? Check your spam folder, or sign in again in a minute for a new link.',
} as const;

type Route = { Params: { uid: string }; Body: Record<string, unknown> | undefined };
type InteractionRequest = FastifyRequest<Route>;

/** A form field as text; a repeated or missing field counts as empty. */
const field = (request: InteractionRequest, name: string) => {
  const value = request.body?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Our sign-in and sign-up pages for the provider's `login` prompt. The forms post back to the
 * interaction's own URL, which the provider bound to this browser with its SameSite interaction
 * cookie: a page on another site cannot complete someone else's sign-in.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, db, mountPath, publicUrl, verification, mail }: InteractionOptions,
) {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Brute force costs an attacker more than a user: RATE_LIMIT_SIGN_IN_PER_MINUTE posts from one
  // address, and as many guesses at one account from one address. Never per account alone: anyone
  // could then lock its owner out by guessing wrong on purpose (the owner signs in from elsewhere).
  const max = app.rateLimits.signInPerMinute;
  const signInsFromAddress = app.requestLimit({ name: 'sign-in', max, key: addressKey, what: 'sign-in attempts' });
  const signInsForAccount = app.requestLimit({
    name: 'sign-in-account',
    max,
    key: (request) =>
      `${addressKey(request)} account:${field(request as InteractionRequest, 'email')
        .trim()
        .toLowerCase()}`,
    what: 'sign-in attempts for this account',
  });
  const signUpsFromAddress = app.requestLimit({ name: 'sign-up', max, key: addressKey, what: 'sign-up attempts' });
  const base = `${mountPath}/interaction/:uid`;
  const urls = (uid: string) => ({
    signIn: `${mountPath}/interaction/${uid}`,
    signUp: `${mountPath}/interaction/${uid}/signup`,
    forgotUrl: `${mountPath}/forgot-password?back=${encodeURIComponent(`${mountPath}/interaction/${uid}`)}`,
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

  /** The interaction this browser is in, or undefined after answering with an "expired" page. */
  async function load(request: InteractionRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    await html(
      reply,
      400,
      messagePage({
        title: 'Sign-in expired',
        message: 'This sign-in page has expired or was opened in another browser. Go back to cardchat and sign in again.',
        link: { href: `${publicUrl}/`, text: 'Back to cardchat' },
      }),
    );
    return undefined;
  }

  async function finish(request: InteractionRequest, reply: FastifyReply, result: InteractionResults, merge: boolean) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
    return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303);
  }

  /** Our one client is first-party: an explicit prompt=consent is answered yes without a screen. */
  async function approveConsent(interaction: Interaction): Promise<string> {
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || !clientId) throw new Error('consent prompt without an account or a client');
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details;
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    return grant.save();
  }

  app.get<Route>(base, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name === 'consent') {
      return finish(request, reply, { consent: { grantId: await approveConsent(interaction) } }, true);
    }
    const { signIn: action, signUp: signUpUrl, forgotUrl } = urls(interaction.uid);
    const email = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    return html(reply, 200, signInPage({ action, signUpUrl, forgotUrl, email, problems: [] }));
  });

  app.post<Route>(base, { onRequest: signInsFromAddress }, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return reply;
    // Counted before the password is checked, so parallel guesses cannot all slip under the limit.
    await signInsForAccount(request, reply);
    const email = field(request, 'email');
    const account = await signIn(db, email, field(request, 'password'));
    const { signIn: action, signUp: signUpUrl, forgotUrl } = urls(interaction.uid);
    if (!account) {
      return html(reply, 400, signInPage({ action, signUpUrl, forgotUrl, email, problems: [messages.wrongCredentials] }));
    }
    // Only the right password learns that the address is unconfirmed (and sends a new link, at most one a minute).
    if (verification && account.email_verified_at === null) {
      verification.sendVerification(account);
      return html(reply, 403, signInPage({ action, signUpUrl, forgotUrl, email, problems: [verificationMessages.unconfirmed] }));
    }
    return finish(request, reply, { login: { accountId: account.id } }, false);
  });

  app.get<Route>(`${base}/signup`, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return reply;
    const { signUp: action, signIn: signInUrl } = urls(interaction.uid);
    return html(reply, 200, signUpPage({ action, signInUrl, name: '', email: '', problems: [] }));
  });

  app.post<Route>(`${base}/signup`, { onRequest: signUpsFromAddress }, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return reply;
    const input = { name: field(request, 'name'), email: field(request, 'email'), password: field(request, 'password') };
    if (mail) {
      // The same answer, after the same work, whether or not the address has an account: the mail says which.
      const problems = await signUpProblems(input);
      if (problems.length > 0) {
        const { signUp: action, signIn: signInUrl } = urls(interaction.uid);
        return html(reply, 400, signUpPage({ action, signInUrl, name: input.name, email: input.email, problems }));
      }
      mail.sendSignUp(input);
      const link = { href: urls(interaction.uid).signIn, text: 'Back to sign in' };
      return html(reply, 200, messagePage({ title: 'Check your e-mail', message: signUpMessages.sent(normalizeEmail(input.email)), link }));
    }
    const result = await signUp(db, input);
    if ('problems' in result) {
      const { signUp: action, signIn: signInUrl } = urls(interaction.uid);
      const status = result.problems.includes(messages.emailTaken) ? 409 : 400;
      return html(reply, status, signUpPage({ action, signInUrl, name: input.name, email: input.email, problems: result.problems }));
    }
    return finish(request, reply, { login: { accountId: result.account.id } }, false);
  });
}
