// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readUserAiSettings } from '../../server/userAiConfig';

describe('USER_AI_ENDPOINTS and SECRET_KEY', () => {
  it('lists plain base URLs once each, without a trailing slash', () => {
    expect(
      readUserAiSettings({ USER_AI_ENDPOINTS: ' https://openrouter.ai/api/v1/ , https://api.openai.com/v1,https://openrouter.ai/api/v1' }),
    ).toEqual({
      endpoints: ['https://openrouter.ai/api/v1', 'https://api.openai.com/v1'],
      secretKey: undefined,
    });
    expect(readUserAiSettings({})).toEqual({ endpoints: [], secretKey: undefined });
  });

  it('refuses what is not a plain http(s) base URL, and a short SECRET_KEY', () => {
    expect(() => readUserAiSettings({ USER_AI_ENDPOINTS: 'openrouter.ai' })).toThrow(/base URLs/);
    expect(() => readUserAiSettings({ USER_AI_ENDPOINTS: 'file:///etc/passwd' })).toThrow(/http\(s\)/);
    expect(() => readUserAiSettings({ USER_AI_ENDPOINTS: 'https://user:pw@api.example/v1' })).toThrow(/no credentials/);
    expect(() => readUserAiSettings({ SECRET_KEY: 'short' })).toThrow(/at least 32/);
    expect(readUserAiSettings({ SECRET_KEY: 'x'.repeat(32) }).secretKey).toBe('x'.repeat(32));
  });
});
