import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databases, type TestApp } from './helpers';
import { accessToken, bearer } from './tokens';

/** server/auth/verifiedTokens.ts remembers verified tokens until they expire; that must change nothing a client sees. */
describe.each(databases)('remembered token verification (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());
  afterEach(() => vi.useRealTimers());

  const profile = (token: string) => test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

  it('answers a token again from memory, and stops at its expiry all the same', async () => {
    const token = await accessToken(test, { sub: 'short-lived', email: 'short@example.com', expiresIn: 30 });
    expect((await profile(token)).json()).toMatchObject({ email: 'short@example.com' });
    expect((await profile(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const expired = await profile(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: 'Invalid or expired access token' });
  });

  it('never remembers a token that failed, nor lets a changed one through', async () => {
    const token = await accessToken(test, { sub: 'tamper' });
    expect((await profile(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'victim' })).toString(
      'base64url',
    );
    expect((await profile(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await profile(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('still reads the user on every request, so a changed profile shows at once', async () => {
    const token = await accessToken(test, { sub: 'renamer', name: 'Before' });
    expect((await profile(token)).json()).toMatchObject({ name: 'Before' });
    const renamed = await test.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: { name: 'After' } });
    expect(renamed.statusCode).toBe(200);
    expect((await profile(token)).json()).toMatchObject({ name: 'After' });
  });
});
