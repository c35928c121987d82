import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@core/contract';
import { ApiError } from '../../src/api/errors';
import { OFFLINE_SESSION_MS } from '../../src/config/appConfig';

const getProfile = vi.fn<() => Promise<UserProfile>>();
vi.mock('../../src/api/users', () => ({ getProfile: () => getProfile() }));
vi.mock('../../src/auth/oidc', () => ({
  openid: () => import('openid-client'),
  oidcConfiguration: () => Promise.reject(new Error('provider unreachable in unit tests')),
}));

const { db } = await import('../../src/db/db');
const { refreshSession, signOut } = await import('../../src/auth/session');
const { saveTokens, loadTokens } = await import('../../src/auth/tokens');

const profile: UserProfile = {
  email: 'ada@example.com',
  name: 'Ada',
  picture: null,
  uid: 'u1',
  sub: 's1',
  plan: 'normal',
  is_admin: false,
};
const NOW = Date.UTC(2026, 10, 21, 12);

function signIn() {
  saveTokens({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresAt: NOW + 600_000, subject: 's1', email: 'ada@example.com' });
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('the session', () => {
  beforeEach(async () => {
    localStorage.clear();
    await db.profile.clear();
    getProfile.mockReset();
    setOnline(true);
  });
  afterEach(() => setOnline(true));

  it('is signed out when no tokens are stored', async () => {
    expect(await refreshSession(NOW)).toEqual({ status: 'signedOut' });
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('is signed in with the profile the server confirms, and caches it with the time', async () => {
    signIn();
    getProfile.mockResolvedValue(profile);
    expect(await refreshSession(NOW)).toEqual({ status: 'signedIn', profile });
    expect(await db.profile.get('me')).toEqual({ key: 'me', profile, lastLoginAt: NOW });
  });

  it('opens offline with a profile confirmed under 24 hours ago', async () => {
    signIn();
    await db.profile.put({ key: 'me', profile, lastLoginAt: NOW - OFFLINE_SESSION_MS + 60_000 });
    setOnline(false);
    expect(await refreshSession(NOW)).toEqual({ status: 'offline', profile });
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('falls back to the cached profile when the server cannot be reached although the device says online', async () => {
    signIn();
    await db.profile.put({ key: 'me', profile, lastLoginAt: NOW - 1000 });
    getProfile.mockRejectedValue(new ApiError('Network error', 0, 'network'));
    expect(await refreshSession(NOW)).toEqual({ status: 'offline', profile });
  });

  it('does not open offline after 24 hours', async () => {
    signIn();
    await db.profile.put({ key: 'me', profile, lastLoginAt: NOW - OFFLINE_SESSION_MS });
    setOnline(false);
    expect(await refreshSession(NOW)).toEqual({ status: 'signedOut' });
  });

  it('forgets tokens and profile when the server refuses the session', async () => {
    signIn();
    await db.profile.put({ key: 'me', profile, lastLoginAt: NOW });
    getProfile.mockRejectedValue(new ApiError('Invalid or expired access token', 401, 'unauthorized'));
    expect(await refreshSession(NOW)).toEqual({ status: 'signedOut' });
    expect(loadTokens()).toBeNull();
    expect(await db.profile.get('me')).toBeUndefined();
  });

  it('log out clears the stored profile and tokens and returns to the origin', async () => {
    signIn();
    await db.profile.put({ key: 'me', profile, lastLoginAt: NOW });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: 'http://localhost:8787', assign } as Location);
    await signOut();
    expect(loadTokens()).toBeNull();
    expect(await db.profile.get('me')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('http://localhost:8787/');
    vi.restoreAllMocks();
  });
});
