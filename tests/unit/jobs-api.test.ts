import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@core/contract';

vi.mock('../../src/api/call', () => ({ api: vi.fn() }));

const { api } = await import('../../src/api/call');
const { waitForJob } = await import('../../src/api/jobs');
const { ApiError } = await import('../../src/api/errors');

const job = (state: Job['state'], extra: Partial<Job> = {}): Job => ({
  id: 'job-1',
  kind: 'chat_import',
  state,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
  ...extra,
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(api).mockReset();
});

describe('following a job', () => {
  it('looks again, less often each time, until the job is done, and shows every look', async () => {
    vi.useFakeTimers();
    vi.mocked(api)
      .mockResolvedValueOnce(job('running', { progress: { done: 1, total: 4 } }))
      .mockResolvedValueOnce(job('done', { imported: [] }));
    const seen: string[] = [];
    const following = waitForJob(job('queued'), (update) => seen.push(update.state));
    await vi.advanceTimersByTimeAsync(300);
    await vi.advanceTimersByTimeAsync(600);
    await expect(following).resolves.toMatchObject({ state: 'done', imported: [] });
    expect(seen).toEqual(['queued', 'running', 'done']);
    expect(vi.mocked(api).mock.calls.map(([route, input]) => [route.path, input])).toEqual([
      ['/api/jobs/:id', { params: { id: 'job-1' } }],
      ['/api/jobs/:id', { params: { id: 'job-1' } }],
    ]);
  });

  it("fails with the job's own reason, as the request would have answered", async () => {
    const failed = job('failed', { error: { code: 'storage_quota', message: 'Your Free plan stores up to 250 MB…' } });
    const error = await waitForJob(failed).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Your Free plan stores up to 250 MB…', code: 'storage_quota' });
  });
});
