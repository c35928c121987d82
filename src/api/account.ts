import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  DeleteAccountRequest,
  DeleteAccountResponse,
  Job,
  JobStarted,
} from '@core/contract';
import { authorizedFetch } from './authorizedFetch';
import { apiJson } from './client';
import { ApiError, errorFromResponse } from './errors';
import { listJobs, waitForJob } from './jobs';

export const changePassword = (body: ChangePasswordRequest) =>
  apiJson<ChangePasswordResponse>('users/me/password', { method: 'post', json: body });

/** Never retried by itself: a repeat after a lost answer would meet an account already gone. */
export const deleteAccount = (body: DeleteAccountRequest) =>
  apiJson<DeleteAccountResponse>('users/me', { method: 'delete', json: body, retry: 0 });

/** How far an export got: the server writing its files, then this device fetching the .zip. */
export type ExportProgress =
  { phase: 'preparing'; done: number; total: number } | { phase: 'downloading'; received: number; total: number };

/** The filename of a Content-Disposition header, or `fallback`. */
function filenameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * An export of the account: POST /api/users/me/export queues it (or, when one is on its way
 * already, that one is followed), its job is followed while the server writes the .zip, then the
 * file is read as it streams in. Both halves report how far they got.
 */
export async function downloadExport(
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  let job: Job;
  try {
    job = (await apiJson<JobStarted>('users/me/export', { method: 'post', retry: 0, signal })).job;
  } catch (error) {
    const running = error instanceof ApiError && error.code === 'export_running' ? (await listJobs('account_export')).data[0] : undefined;
    if (!running) throw error;
    job = running;
  }
  const done = await waitForJob(
    job,
    ({ progress }) => onProgress({ phase: 'preparing', done: progress?.done ?? 0, total: progress?.total ?? 0 }),
    signal,
  );
  if (!done.file) throw new ApiError('The export failed. Please try again.', 500, 'server_error');
  const response = await authorizedFetch(`jobs/${encodeURIComponent(done.id)}/file`, { signal });
  if (!response.ok || !response.body) throw await errorFromResponse(response, 'The export failed. Please try again.');
  const total = done.file.bytes;
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  onProgress({ phase: 'downloading', received, total });
  for (;;) {
    const { done: finished, value } = await reader.read();
    if (finished) break;
    parts.push(value);
    received += value.byteLength;
    onProgress({ phase: 'downloading', received, total });
  }
  const filename = filenameOf(response.headers.get('content-disposition'), done.file.name);
  return { blob: new Blob(parts as BlobPart[], { type: 'application/zip' }), filename };
}
