import type { Job, JobKindName } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';
import { ApiError } from './errors';

/** The first look comes quickly (a small import is done in a moment), then less often. */
const FIRST_POLL_MS = 300;
const MAX_POLL_MS = 2000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export const getJob = (id: string) => api(routes.getJob, { params: { id } });

export const listJobs = (kind: JobKindName) => api(routes.listJobs, { query: { kind } });

/**
 * Follows a job until it is done (resolves with it) or failed (throws ApiError with the job's own
 * reason, as the request that started it would have answered). `onUpdate` sees every look.
 */
export async function waitForJob(job: Job, onUpdate?: (job: Job) => void, signal?: AbortSignal): Promise<Job> {
  let current = job;
  let wait = FIRST_POLL_MS;
  for (;;) {
    onUpdate?.(current);
    if (current.state === 'done') return current;
    if (current.state === 'failed') {
      const status = current.error?.code === 'unauthorized' ? 401 : 400;
      throw new ApiError(current.error?.message ?? 'Server error occurred', status, current.error?.code ?? 'server_error');
    }
    await sleep(wait, signal);
    wait = Math.min(MAX_POLL_MS, wait * 2);
    current = await getJob(current.id);
  }
}
