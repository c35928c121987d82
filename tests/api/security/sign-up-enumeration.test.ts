/**
 * Issue 27 #2: posting a registered e-mail to the sign-up form answered 409 'An account with this
 * e-mail already exists.' With mail configured, a sign-up with a registered address now answers
 * exactly as one with a new address ('check your e-mail to finish'), the same work done after the
 * answer either way, and the owner is mailed that someone tried; no account is made or changed.
 * Without mail the page still says the address is taken (README: what the operator trades), and the
 * per-address limit stands. How alike their timings are is bench figure 17.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../server/idp/accounts';
import { escapeHtml } from '../../../server/idp/pages';
import { signUpMessages } from '../../../server/idp/signUpByMail';
import { startMailCatcher, type MailCatcher } from '../../support/mailCatcher';
import { createTestApp, databases, type TestApp } from '../helpers';
import { account, OidcBrowser, pkce, signUpByMail, startSignIn } from '../oidc-browser';

/** The form's answer with the interaction's own id taken out: what one visitor's page and another's share. */
const shown = (body: string) => body.replace(/\/oidc\/interaction\/[A-Za-z0-9_-]+/g, '/oidc/interaction/ID');

async function signUpPost(test: TestApp, who: { name: string; email: string; password: string }) {
  const browser = new OidcBrowser(test.app);
  return browser.request('POST', `${await startSignIn(browser, pkce().challenge)}/signup`, who);
}

describe.each(databases)('sign-up with mail tells no one which addresses have accounts (%s)', (dialect) => {
  let test: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher();
    test = await createTestApp(dialect, { SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await test.close();
    await mail.close();
  });

  it('answers a registered address exactly as a new one, and mails its owner that someone tried', async () => {
    const owner = account('enum-owner');
    await signUpByMail(new OidcBrowser(test.app), owner, mail);
    const before = await test.db.kysely.selectFrom('local_accounts').selectAll().where('email', '=', owner.email).execute();

    const known = await signUpPost(test, { ...owner, name: 'Someone Else', password: 'another long passphrase 9' });
    const fresh = account('enum-new');
    const unknown = await signUpPost(test, { ...fresh, email: owner.email.replace('enum-owner', 'enum-new') });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toContain(escapeHtml(signUpMessages.sent(owner.email)));
    expect(known.body).not.toContain(escapeHtml(messages.emailTaken));
    // The same page but for the address typed.
    expect(shown(known.body).replace(owner.email, 'ADDRESS')).toBe(
      shown(unknown.body).replace(fresh.email.replace('enum-new', 'enum-new'), 'ADDRESS'),
    );

    const mails = [await mail.next(), await mail.next()];
    const notice = mails.find((m) => m.to.includes(owner.email))!;
    expect(notice.text).toContain('Someone (we hope you) tried to create a cardchat account with this address');
    expect(notice.text).not.toMatch(/finish-sign-up/);
    expect(mails.find((m) => m !== notice)!.text).toMatch(/\/oidc\/finish-sign-up\/[A-Za-z0-9_-]{43}/);
    // The owner's account is as it was, and no second one was made.
    expect(await test.db.kysely.selectFrom('local_accounts').selectAll().where('email', '=', owner.email).execute()).toEqual(before);
  });

  it('still refuses a weak password or a bad address on the page, whoever the address belongs to', async () => {
    const answer = await signUpPost(test, { ...account('enum-weak'), password: 'Qwerty123!' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Create account</button>');
  });
});

describe.each(databases)('sign-up without mail (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' });
  });
  afterAll(() => test.close());

  it('says the address is taken, as nothing else could tell its owner, and limits sign-ups per address', async () => {
    const who = account('enum-plain');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signUpPost(test, who)).statusCode);
    // Created, then taken (409), then the address's limit of 3 a minute.
    expect(statuses).toEqual([303, 409, 409, 429]);
  });
});
