import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from './helpers';
import { accessToken, bearer } from './tokens';

describe.each(databases)('profile and identity (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => test.close());

  it('refuses the profile without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthorized');
  });

  it('returns the profile of the user the token names, on the Free plan', async () => {
    const token = await accessToken(test, { sub: 'sub-1', email: 'Ada@Example.com', name: 'Ada' });
    const response = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({ email: 'ada@example.com', name: 'Ada', sub: 'sub-1', plan: 'normal', is_admin: false });
    expect(profile.uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a token minted for another audience', async () => {
    const token = await accessToken(test, { audience: 'https://other.example/api' });
    const response = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired token, a token from another issuer and an ID token', async () => {
    for (const options of [{ expiresIn: -60 }, { issuer: 'http://evil.example/oidc' }, { typ: 'JWT' }]) {
      const token = await accessToken(test, options);
      const response = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      expect(response.statusCode, JSON.stringify(options)).toBe(401);
    }
  });

  it('refuses X-User-ID or X-User-Email that disagree with the token, and accepts ones that agree', async () => {
    const token = await accessToken(test, { sub: 'sub-2', email: 'grace@example.com' });
    const mismatched = await test.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { ...bearer(token), 'x-user-id': 'sub-1' },
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toEqual({ error: 'invalid_user', message: 'Invalid user information' });

    const wrongEmail = await test.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { ...bearer(token), 'x-user-email': 'ada@example.com' },
    });
    expect(wrongEmail.statusCode).toBe(400);

    const agreeing = await test.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { ...bearer(token), 'x-user-id': 'sub-2', 'x-user-email': 'Grace@example.com' },
    });
    expect(agreeing.statusCode).toBe(200);
    expect(agreeing.json().sub).toBe('sub-2');
  });

  it('updates the name and picture, and rejects an empty name', async () => {
    const token = await accessToken(test, { sub: 'sub-3', email: 'linus@example.com', name: 'Linus' });
    const updated = await test.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { name: '  Linus T  ', picture: 'https://example.com/me.png' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Linus T', picture: 'https://example.com/me.png' });

    const empty = await test.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: { name: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Name cannot be empty');
  });

  it('marks the e-mails in ADMIN_EMAILS as administrators and reports the plan as user type', async () => {
    const token = await accessToken(test, { sub: 'sub-admin', email: 'boss@example.com' });
    const profile = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.json().is_admin).toBe(true);
    const type = await test.app.inject({ method: 'GET', url: '/api/character-replacement/user-type', headers: bearer(token) });
    expect(type.json()).toEqual({ user_type: 'normal' });
  });

  it('keys users by issuer and subject: the same e-mail under two subjects is two users', async () => {
    const first = await accessToken(test, { sub: 'twin-a', email: 'twin@example.com' });
    const second = await accessToken(test, { sub: 'twin-b', email: 'twin@example.com' });
    const a = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(first) })).json();
    const b = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(second) })).json();
    expect(a.uid).not.toBe(b.uid);
  });
});
