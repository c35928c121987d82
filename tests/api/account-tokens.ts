import { expect } from 'vitest';
import type { TestApp } from './helpers';
import type { MailCatcher } from '../support/mailCatcher';
import {
  account,
  followToCode,
  injectInto,
  OidcBrowser,
  pkce,
  REDIRECT_URI,
  requestToken,
  signUp,
  signUpByMail,
  startSignIn,
} from './oidc-browser';

export interface SignedIn {
  who: ReturnType<typeof account>;
  browser: OidcBrowser;
  access: string;
  refresh: string;
  headers: { authorization: string };
}

async function redeem(
  test: TestApp,
  who: ReturnType<typeof account>,
  browser: OidcBrowser,
  code: string,
  verifier: string,
): Promise<SignedIn> {
  const issued = await requestToken(injectInto(test.app), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: 'cardchat-web',
    code_verifier: verifier,
    resource: test.config.oidc.audience,
  });
  expect(issued.statusCode).toBe(200);
  const { access_token: access, refresh_token: refresh } = issued.json();
  return { who, browser, access, refresh, headers: { authorization: `Bearer ${access}` } };
}

/**
 * Signs up through the embedded provider's own pages and redeems the code as the PWA does; where the
 * server sends mail, through the mailed link, then a sign-in.
 */
export async function signedUp(test: TestApp, tag: string, mail?: MailCatcher): Promise<SignedIn> {
  const who = account(tag);
  if (mail) {
    await signUpByMail(new OidcBrowser(test.app), who, mail);
    return signedInElsewhere(test, who);
  }
  const browser = new OidcBrowser(test.app);
  const { code, verifier } = await signUp(browser, who);
  return redeem(test, who, browser, code, verifier);
}

/** Signs the same account in again from another browser (another device): its own session and tokens. */
export async function signedInElsewhere(test: TestApp, who: ReturnType<typeof account>): Promise<SignedIn> {
  const browser = new OidcBrowser(test.app);
  const { verifier, challenge } = pkce();
  const interaction = await startSignIn(browser, challenge);
  const code = await followToCode(browser, await browser.request('POST', interaction, { email: who.email, password: who.password }));
  return redeem(test, who, browser, code, verifier);
}

/** POST /oidc/token with a refresh token, as the PWA refreshes. */
export const refresh = (test: TestApp, refreshToken: string) =>
  requestToken(injectInto(test.app), {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'cardchat-web',
    resource: test.config.oidc.audience,
  });
