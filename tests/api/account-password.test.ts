import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLocalAccount } from '../../server/db/repositories/localAccounts';
import { hashPassword } from '../../server/idp/accounts';
import { linkMessages } from '../../server/idp/linkRoutes';
import { verificationMessages } from '../../server/idp/interactions';
import { passwordChangeMessages } from '../../server/services/account/password';
import { startMailCatcher, linkIn, type MailCatcher } from '../support/mailCatcher';
import { refresh, signedInElsewhere, signedUp } from './account-tokens';
import { createTestApp, databases, type TestApp } from './helpers';
import { account, OidcBrowser, pkce, startSignIn } from './oidc-browser';

const changePassword = (test: TestApp, headers: Record<string, string>, body: Record<string, string>) =>
  test.app.inject({ method: 'POST', url: '/api/users/me/password', headers, payload: body });

/** Posts the sign-up form; the answer to it. */
async function signUpStarted(test: TestApp, who: ReturnType<typeof account>) {
  const browser = new OidcBrowser(test.app);
  return browser.request('POST', `${await startSignIn(browser, pkce().challenge)}/signup`, who);
}

/** Signs in through the sign-in page; the answer to the form post. */
async function signInForm(test: TestApp, email: string, password: string) {
  const browser = new OidcBrowser(test.app);
  const interaction = await startSignIn(browser, pkce().challenge);
  return { browser, answer: await browser.request('POST', interaction, { email, password }) };
}

describe.each(databases)('password change, reset by mail, address verification (%s)', (dialect) => {
  let test: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher();
    test = await createTestApp(dialect, { SMTP_URL: mail.url, MAIL_FROM: 'cardchat <no-reply@localhost>' });
  });
  afterAll(async () => {
    await test.close();
    await mail.close();
  });

  it('changes the password with the current one, keeps this session, ends the others', async () => {
    const here = await signedUp(test, 'pat', mail);
    const phone = await signedInElsewhere(test, here.who);

    const wrong = await changePassword(test, here.headers, { current_password: 'not it at all', new_password: 'a brand new phrase 7' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(passwordChangeMessages.wrongCurrent);
    const weak = await changePassword(test, here.headers, { current_password: here.who.password, new_password: 'short' });
    expect(weak.statusCode).toBe(400);

    const changed = await changePassword(test, here.headers, { current_password: here.who.password, new_password: 'a brand new phrase 7' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, message: passwordChangeMessages.changed });
    expect(changed.json().signed_out_sessions).toBeGreaterThanOrEqual(1);

    expect((await signInForm(test, here.who.email, here.who.password)).answer.statusCode).toBe(400);
    expect((await signInForm(test, here.who.email, 'a brand new phrase 7')).answer.statusCode).toBe(303);
    // The device that changed it stays signed in: its refresh token still works; the phone's fails at once.
    expect((await refresh(test, here.refresh)).statusCode).toBe(200);
    expect((await refresh(test, phone.refresh)).json().error).toBe('invalid_grant');
  });

  it('mails a reset link that works once, and answers an unknown address the same way without mail', async () => {
    const who = account('rosa');
    await signedUp(test, 'rosa', mail);
    const neighbour = await signedUp(test, 'rosa-neighbour', mail);
    const mailedBefore = mail.received.length;
    const browser = new OidcBrowser(test.app);
    const interaction = await startSignIn(browser, pkce().challenge);
    const signInPage = await browser.request('GET', interaction);
    const forgot = /href="([^"]*forgot-password[^"]*)"/.exec(signInPage.body)![1]!.replaceAll('&amp;', '&');
    expect((await browser.request('GET', forgot)).body).toContain('Send reset link');

    const unknown = await browser.request('POST', forgot, { email: 'nobody@example.com' });
    const known = await browser.request('POST', forgot, { email: 'ROSA@example.com ' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.body).toContain(linkMessages.sent.slice(0, 40));

    const received = await mail.next();
    expect(received.to).toEqual([who.email]);
    expect(received.text).toContain('Reset your cardchat password');
    const link = new URL(linkIn(received, 'password-reset'));
    // Nothing for the unknown address, and no second mail for asking again within the minute: one mail only.
    expect((await browser.request('POST', forgot, { email: who.email })).body).toBe(known.body);
    // Mails go after the answer, in the order asked for: the next mail to arrive is a neighbour's,
    // asked for after Rosa's second request, so had that one been sent it would be here first.
    await browser.request('POST', forgot, { email: neighbour.who.email });
    expect((await mail.next()).to).toEqual([neighbour.who.email]);
    expect(mail.received.slice(mailedBefore).filter((received) => received.to.includes(who.email))).toHaveLength(1);

    const form = await browser.request('GET', link.pathname);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');
    const weak = await browser.request('POST', link.pathname, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    const saved = await browser.request('POST', link.pathname, { password: 'rosa resets it now 9' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Password changed');
    expect((await browser.request('POST', link.pathname, { password: 'and once more again 9' })).statusCode).toBe(410);
    expect((await browser.request('GET', link.pathname)).statusCode).toBe(410);

    expect((await signInForm(test, who.email, 'rosa resets it now 9')).answer.statusCode).toBe(303);
    expect((await signInForm(test, who.email, who.password)).answer.statusCode).toBe(400);
  });

  it('lets a reset link expire after 30 minutes, and ends every session when it is used', async () => {
    const rex = await signedUp(test, 'rex', mail);
    const browser = new OidcBrowser(test.app);
    await browser.request('POST', '/oidc/forgot-password', { email: rex.who.email });
    const link = new URL(linkIn(await mail.next(), 'password-reset'));
    const used = await browser.request('POST', link.pathname, { password: 'rex chose this one 4' });
    expect(used.statusCode).toBe(200);
    expect((await refresh(test, rex.refresh)).json().error).toBe('invalid_grant');

    await browser.request('POST', '/oidc/forgot-password', { email: rex.who.email });
    const stale = new URL(linkIn(await mail.next(), 'password-reset'));
    await test.db.kysely
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await browser.request('GET', stale.pathname);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('expired');
  });
});

describe.each(databases)('REQUIRE_EMAIL_VERIFICATION and the operator’s reset (%s)', (dialect) => {
  let test: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher();
    test = await createTestApp(dialect, { SMTP_URL: mail.url, REQUIRE_EMAIL_VERIFICATION: 'true' });
  });
  afterAll(async () => {
    await test.close();
    await mail.close();
  });

  it('makes an account only when its mailed link is opened, and holds an older unconfirmed one until it confirms', async () => {
    const who = account('vera');
    const early = await signUpStarted(test, who);
    expect(early.statusCode).toBe(200);
    // Until the link is opened there is no account to sign in to.
    expect((await signInForm(test, who.email, who.password)).answer.statusCode).toBe(400);
    const link = new URL(linkIn(await mail.next(), 'finish-sign-up'));
    const browser = new OidcBrowser(test.app);
    const finished = await browser.request('GET', link.pathname);
    expect(finished.statusCode).toBe(200);
    expect(finished.body).toContain('Account ready');
    expect((await browser.request('GET', link.pathname)).statusCode).toBe(410);
    expect((await signInForm(test, who.email, who.password)).answer.statusCode).toBe(303);

    // An account made before the address had to be proven (no mail then) confirms it at its next sign-in.
    const old = account('olga');
    await insertLocalAccount(test.db.kysely, {
      id: randomUUID(),
      email: old.email,
      name: old.name,
      password_hash: await hashPassword(old.password),
      created_at: new Date().toISOString(),
      email_verified_at: null,
    });
    const held = await signInForm(test, old.email, old.password);
    expect(held.answer.statusCode).toBe(403);
    expect(held.answer.body).toContain(verificationMessages.unconfirmed.slice(0, 30));
    const verify = new URL(linkIn(await mail.next(), 'verify-email'));
    expect((await browser.request('GET', verify.pathname)).body).toContain('Address confirmed');
    expect((await signInForm(test, old.email, old.password)).answer.statusCode).toBe(303);
  });
});

describe.each(databases)('without SMTP_URL (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' });
  });

  it('limits guesses at the current password like sign-in', async () => {
    const sam = await signedUp(test, 'sam');
    for (let i = 0; i < 3; i++) {
      const wrong = await changePassword(test, sam.headers, { current_password: `guess number ${i}`, new_password: 'sam has a new one 5' });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await changePassword(test, sam.headers, { current_password: sam.who.password, new_password: 'sam has a new one 5' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
  afterAll(() => test.close());

  it('says that the operator resets passwords, and the config tells the PWA', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/oidc/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('its operator resets passwords');
    expect(page.body).not.toContain('<form');
    const config = await test.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().auth).toMatchObject({ provider: 'embedded', password_reset: 'operator' });
  });
});
