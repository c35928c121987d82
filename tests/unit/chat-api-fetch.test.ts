import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const accessToken = vi.fn<(options?: { forceRefresh?: boolean }) => Promise<string | null>>();
vi.mock('../../src/auth/refresh', () => ({ accessToken: (options?: { forceRefresh?: boolean }) => accessToken(options) }));

const { authorizedFetch } = await import('../../src/api/authorizedFetch');
const { errorFromResponse } = await import('../../src/api/errors');
const { exportChat, EXPORT_FAILED } = await import('../../src/api/chatList');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('calls made with plain fetch (a streamed reply, a file)', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit & { headers: Record<string, string> }) => Promise<Response>>();
  const authorization = () => fetchMock.mock.calls.map(([, init]) => init.headers.Authorization);
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    accessToken.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refresh the token once on a 401 and send again with the same headers, as api() does', async () => {
    accessToken.mockImplementation(async (options) => (options?.forceRefresh ? 'fresh' : 'stale'));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'unauthorized', message: 'expired' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const response = await authorizedFetch('chats/export', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
    expect(authorization()).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init.headers['Content-Type']])).toEqual([
      ['/api/chats/export', 'application/json'],
      ['/api/chats/export', 'application/json'],
    ]);
  });

  it('take a second 401 as final, and do not refresh a request that carried no token', async () => {
    accessToken.mockResolvedValue('whatever');
    fetchMock.mockImplementation(async () => json(401, { error: 'unauthorized', message: 'Invalid or expired access token' }));
    expect((await authorizedFetch('chats/export')).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockClear();
    accessToken.mockResolvedValue(null);
    expect((await authorizedFetch('chats/export')).status).toBe(401);
    expect(authorization()).toEqual([undefined]);
  });

  it("fail with the server's message and code, else the caller's fallback, else 'HTTP {status}: {text}'", async () => {
    expect(await errorFromResponse(json(404, { error: 'not_found', message: 'Chat not found' }))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Chat not found',
    });
    expect(await errorFromResponse(new Response('oops', { status: 500 }), EXPORT_FAILED)).toMatchObject({
      status: 500,
      message: EXPORT_FAILED,
    });
    expect(await errorFromResponse(new Response('oops', { status: 502, statusText: 'Bad Gateway' }))).toMatchObject({
      message: 'HTTP 502: Bad Gateway',
    });
  });

  it("export a chat through the same rule, with the server's message on refusal", async () => {
    accessToken.mockImplementation(async (options) => (options?.forceRefresh ? 'fresh' : 'stale'));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'unauthorized', message: 'expired' }))
      .mockResolvedValueOnce(json(404, { error: 'not_found', message: 'Chat not found' }));
    await expect(exportChat({ chat_id: 'c1' })).rejects.toMatchObject({ status: 404, message: 'Chat not found' });
    expect(authorization()).toEqual(['Bearer stale', 'Bearer fresh']);
  });
});
