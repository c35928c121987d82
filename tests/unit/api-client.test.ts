import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const accessToken = vi.fn<(options?: { forceRefresh?: boolean }) => Promise<string | null>>();
vi.mock('../../src/auth/refresh', () => ({ accessToken: (options?: { forceRefresh?: boolean }) => accessToken(options) }));

const { api } = await import('../../src/api/call');
const routes = await import('@core/contract/routes');
const { ApiError } = await import('../../src/api/errors');
const { saveTokens } = await import('../../src/auth/tokens');

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the API client', () => {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    accessToken.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and repeats who the token names in X-User-ID and X-User-Email', async () => {
    saveTokens({
      accessToken: 'a1',
      refreshToken: 'r',
      idToken: null,
      expiresAt: Date.now() + 60_000,
      subject: 'sub-1',
      email: 'ada@example.com',
    });
    accessToken.mockResolvedValue('a1');
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    expect(await api(routes.getProfile, {})).toEqual({ ok: true });
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/users/profile');
    expect(request.headers.get('authorization')).toBe('Bearer a1');
    expect(request.headers.get('x-user-id')).toBe('sub-1');
    expect(request.headers.get('x-user-email')).toBe('ada@example.com');
  });

  it('puts the path parameters in the path and repeats a list in the query, as the server reads it', async () => {
    accessToken.mockResolvedValue(null);
    fetchMock.mockResolvedValue(json(200, { success: true, data: [], total: 0, limit: 20, offset: 0, has_more: false }));
    await api(routes.gallery, { query: { limit: 20, offset: 40, q: undefined, sort: 'liked', tag: ['sci-fi', 'space & time'] } });
    await api(routes.creatorCards, { params: { handle: 'quill_1' }, query: { limit: 20, offset: 0 } });
    const [gallery, creator] = fetchMock.mock.calls.map(([request]) => new URL(request.url));
    expect(gallery!.pathname).toBe('/api/upload/image');
    expect([...gallery!.searchParams]).toEqual([
      ['limit', '20'],
      ['offset', '40'],
      ['sort', 'liked'],
      ['tag', 'sci-fi'],
      ['tag', 'space & time'],
    ]);
    expect(creator!.pathname).toBe('/api/creators/quill_1/cards');
  });

  it('refreshes the token once on a 401 and repeats the request with the new one', async () => {
    accessToken.mockImplementation(async (options) => (options?.forceRefresh ? 'fresh' : 'stale'));
    fetchMock.mockImplementation(async (request) =>
      request.headers.get('authorization') === 'Bearer fresh'
        ? json(200, { name: 'Ada' })
        : json(401, { error: 'unauthorized', message: 'expired' }),
    );
    expect(await api(routes.getProfile, {})).toEqual({ name: 'Ada' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after one refresh when the server still says 401', async () => {
    accessToken.mockResolvedValue('whatever');
    fetchMock.mockImplementation(async () => json(401, { error: 'unauthorized', message: 'Invalid or expired access token' }));
    await expect(api(routes.getProfile, {})).rejects.toMatchObject({ status: 401, message: 'Invalid or expired access token' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message, or 'HTTP {status}: {text}' when it sent none, and never retries a 4xx", async () => {
    accessToken.mockResolvedValue(null);
    fetchMock.mockResolvedValueOnce(json(400, { error: 'invalid_user', message: 'Invalid user information' }));
    await expect(api(routes.getProfile, {})).rejects.toMatchObject({
      status: 400,
      code: 'invalid_user',
      message: 'Invalid user information',
    });
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 404, statusText: 'Not Found' }));
    await expect(api(routes.getProfile, {})).rejects.toMatchObject({ status: 404, message: 'HTTP 404: Not Found' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tries three times, a second apart, when the server is unavailable', async () => {
    accessToken.mockResolvedValue(null);
    fetchMock.mockImplementation(async () => json(503, { error: 'database_unavailable', message: 'The database is unavailable' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const result = api(routes.health, {}).catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await result).toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure as a network error, after retrying', async () => {
    accessToken.mockResolvedValue(null);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api(routes.health, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).isNetwork).toBe(true);
    expect((error as Error).message).toBe('Network error. Please check your connection and try again.');
  });
});
