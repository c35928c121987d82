import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startMailCatcher, type MailCatcher } from '../support/mailCatcher';
import { account, httpTo, OidcBrowser, signUpByMail } from './oidc-browser';
import { startServerChild, type ServerChild } from './security/server-child';

/**
 * The compiled server (`npm start`) leaves nodemailer to node_modules and loads it with the first
 * mail: this proves that path works outside the sources the other API tests run.
 */
describe('password reset mail from the server as `npm start` runs it', () => {
  let dataDir: string;
  let mail: MailCatcher;
  let server: ServerChild;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-mail-'));
    mail = await startMailCatcher();
    server = await startServerChild(dataDir, { SMTP_URL: mail.url });
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await mail?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails the link that finishes a sign-up, then one that opens the new-password form', async () => {
    const http = httpTo(server.baseURL);
    const who = account('compiled');
    await signUpByMail(new OidcBrowser(http), who, mail);
    const browser = new OidcBrowser(http);
    expect((await browser.request('POST', '/oidc/forgot-password', { email: who.email })).statusCode).toBe(200);
    const link = new URL(linkIn(await mail.next(20_000), 'password-reset'));
    const form = await browser.request('GET', link.pathname);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');
  });
});
