/**
 * The sign-up form took 'password1', 'P@ssw0rd', 'qwerty123', eight spaces and the
 * e-mail itself. Passwords follow ASVS 6.2 now: at least 8 characters, no composition rules, none
 * from the breached-password list, not the e-mail or the name; long passphrases and any Unicode
 * welcome; the page says why it refused one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breachedPasswords } from '../../../server/idp/breachedPasswords';
import { escapeHtml } from '../../../server/idp/pages';
import { passwordMessages } from '../../../server/idp/passwordPolicy';
import { createTestApp, databases, type TestApp } from '../helpers';
import { authorizeUrl, OidcBrowser, pkce, startSignIn } from '../oidc-browser';

const WHO = { name: 'Ada Lovelace', email: 'ada.lovelace@example.com' };

const REFUSED: [password: string, reason: string][] = [
  ['password1', passwordMessages.common],
  ['P@ssw0rd', passwordMessages.common],
  ['qwerty123', passwordMessages.common],
  ['1234567890', passwordMessages.common],
  [' Password1 ', passwordMessages.common],
  // Issue 27: a breached password with symbols added at its end, and entries only a list of a million has.
  ['Qwerty123!', passwordMessages.common],
  ['Password1!!', passwordMessages.common],
  ['Lowrider97218', passwordMessages.common],
  ['        ', passwordMessages.tooShort],
  ['a  b  c  d', passwordMessages.tooShort],
  ['short1', passwordMessages.tooShort],
  ['zzzzzzzzzzzz', passwordMessages.repeated],
  [WHO.email, passwordMessages.personal],
  [WHO.email.toUpperCase(), passwordMessages.personal],
  ['ada.lovelace', passwordMessages.personal],
  [WHO.name, passwordMessages.personal],
  ['adalovelace', passwordMessages.personal],
  ['CardChat', passwordMessages.personal],
  ['x'.repeat(100) + 'y'.repeat(101), passwordMessages.tooLong],
];

const ACCEPTED = [
  'zebracandlemoon',
  '4829301756',
  'purple staple river otter',
  'любовь к чаю и кошкам',
  '猫と紅茶が好きです',
  '🐉 dragons fly at dawn',
  `${'a long passphrase about nothing much '.repeat(5)}`.slice(0, 200),
];

describe.each(databases)('sign-up passwords (%s)', (dialect) => {
  let test: TestApp;
  let signUpPath: string;
  let browser: OidcBrowser;

  const accounts = async () =>
    Number(
      (
        await test.db.kysely
          .selectFrom('local_accounts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // Enough sign-up posts a minute for every case below from one address.
    test = await createTestApp(dialect, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '100' });
    browser = new OidcBrowser(test.app);
    signUpPath = `${await startSignIn(browser, pkce().challenge)}/signup`;
  });
  afterAll(() => test.close());

  it('says what a good password is before anything is refused', async () => {
    const page = await browser.request('GET', signUpPath);
    expect(page.body).toContain('Use at least 8 characters; 15 or more is better.');
    expect(page.body).toContain('Passwords from lists of leaked passwords are refused');
    expect(page.body).not.toMatch(/uppercase|digit|symbol required/i);
  });

  it.each(REFUSED)('refuses %j with its reason, and creates no account', async (password, reason) => {
    const before = await accounts();
    const response = await browser.request('POST', signUpPath, { ...WHO, password });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(escapeHtml(reason));
    expect(response.body).toContain(`value="${WHO.email}"`);
    expect(await accounts()).toBe(before);
  });

  it('accepts passphrases, Unicode and passwords with no digit or no letter, and signs in with them', async () => {
    for (const [i, password] of ACCEPTED.entries()) {
      const email = `passphrase-${i}@example.com`;
      const fresh = new OidcBrowser(test.app);
      const created = await fresh.request('POST', `${await startSignIn(fresh, pkce().challenge)}/signup`, {
        name: `Person ${i}`,
        email,
        password,
      });
      expect(created.statusCode, `${password}: ${created.body}`).toBe(303);

      const again = new OidcBrowser(test.app);
      // The same characters in another Unicode form (decomposed) are the same password.
      const signedIn = await again.request('POST', await startSignIn(again, pkce().challenge), {
        email,
        password: password.normalize('NFD'),
      });
      expect(signedIn.statusCode, password).toBe(303);
    }
  });

  it('refuses a common password however its letters are cased, and the form keeps asking', async () => {
    const fresh = new OidcBrowser(test.app);
    const started = await fresh.request('GET', authorizeUrl(pkce().challenge));
    const response = await fresh.request('POST', `${String(started.headers.location)}/signup`, {
      name: 'Q',
      email: 'q@example.com',
      password: 'QWERTY123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(escapeHtml(passwordMessages.common));
    expect(response.body).toContain('Create account</button>');
  });
});

describe('the breached-password list', () => {
  it('ships with the project and holds far more than 100,000 passwords, case aside', async () => {
    const list = await breachedPasswords();
    expect(list.size).toBeGreaterThan(900_000);
    for (const known of ['password1', 'qwerty123', 'lowrider97218']) expect(list.has(known)).toBe(true);
    expect(list.has('purple staple river otter')).toBe(false);
  });
});
