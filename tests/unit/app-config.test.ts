import { describe, expect, it } from 'vitest';
import { planLabel } from '@core/plans';
import { appConfig, AppConfigError, checkAppConfig } from '../../src/config/appConfig';
import { safeReturnPath } from '../../src/auth/login';

describe('the start-up configuration check', () => {
  it('accepts the shipped configuration', () => {
    expect(() => checkAppConfig(appConfig)).not.toThrow();
    expect(appConfig.maxMessageLength).toBe(1000);
    expect(appConfig.chatHistoryLimit).toBe(100);
    expect(appConfig.autoSaveIntervalMs).toBe(30_000);
  });

  it('names every missing item in one message', () => {
    expect(() => checkAppConfig({ apiEndpoints: { chat: '', characters: '/characters', users: '' } })).toThrow(
      "The application configuration is incomplete. Missing: API base URL, API endpoint 'chat', API endpoint 'users'.",
    );
    const error = (() => {
      try {
        checkAppConfig(undefined);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AppConfigError);
    expect((error as AppConfigError).missing).toEqual(['API base URL', 'API endpoint config']);
  });
});

describe('plan labels', () => {
  it("shows 'normal' as Free and paid plans capitalised", () => {
    expect(planLabel('normal')).toBe('Free');
    expect(planLabel(null)).toBe('Free');
    expect(planLabel('monthly')).toBe('Monthly');
    expect(planLabel('yearly')).toBe('Yearly');
  });
});

describe('the path sign-in returns to', () => {
  it('keeps paths of this app and refuses anything that would leave it', () => {
    expect(safeReturnPath('/collections?page=2')).toBe('/collections?page=2');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example/')).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('/callback?code=x')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});
