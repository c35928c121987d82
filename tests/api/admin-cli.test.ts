import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerOf } from '../../server/config';
import { createTestApp, databases, type TestApp } from './helpers';
import { account, OidcBrowser, signUp } from './oidc-browser';
import { accessToken, bearer } from './tokens';

const run = promisify(execFile);

/** The CLI talks to the same database the test app uses: the SQLite file, or the test's own PostgreSQL schema. */
function cliEnv(test: TestApp): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: test.dataDir, PUBLIC_URL: test.config.publicUrl };
  if (test.db.dialect === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${test.schema}`);
    env.DATABASE_URL = url.href;
  } else {
    delete env.DATABASE_URL;
  }
  return env;
}

function admin(test: TestApp, ...args: string[]) {
  return run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', ...args], { env: cliEnv(test) }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe.each(databases)('npm run admin -- set-plan (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  it('moves a signed-in user to a paid plan, which the profile and user type then report', async () => {
    const token = await accessToken(test, { sub: 'cli-user', email: 'payer@example.com' });
    await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

    const result = await admin(test, 'set-plan', 'Payer@example.com', 'monthly');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('payer@example.com');

    const profile = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.json().plan).toBe('monthly');
    const type = await test.app.inject({ method: 'GET', url: '/api/character-replacement/user-type', headers: bearer(token) });
    expect(type.json()).toEqual({ user_type: 'monthly' });
  });

  it('says clearly when the e-mail has never signed in or the plan does not exist', async () => {
    const unknownUser = await admin(test, 'set-plan', 'ghost@example.com', 'yearly');
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toContain('No user with the e-mail ghost@example.com');

    const unknownPlan = await admin(test, 'set-plan', 'payer@example.com', 'gold');
    expect(unknownPlan.code).toBe(1);
    expect(unknownPlan.stderr).toContain("Unknown plan 'gold'");
  });
});

describe.each(databases)('npm run admin -- reset-password (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  it('prints a one-time link that opens the new-password form once', async () => {
    const who = account('olga');
    await signUp(new OidcBrowser(test.app), who);
    const result = await admin(test, 'reset-password', 'OLGA@example.com');
    expect(result.code).toBe(0);
    const link = new URL(/http\S+\/oidc\/password-reset\/\S+/.exec(result.stdout)![0]);
    expect(`${link.origin}/oidc`).toBe(issuerOf(test.config));

    const browser = new OidcBrowser(test.app);
    expect((await browser.request('GET', link.pathname)).body).toContain('Choose a new password');
    expect((await browser.request('POST', link.pathname, { password: 'olga has a new one 3' })).statusCode).toBe(200);
    expect((await browser.request('POST', link.pathname, { password: 'olga has a new one 4' })).statusCode).toBe(410);

    const unknown = await admin(test, 'reset-password', 'ghost@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail ghost@example.com');
  });
});
