import type { ChangePasswordRequest, DeleteAccountRequest, Job } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';
import { ApiError } from './errors';
import { listJobs, waitForJob } from './jobs';

export const changePassword = (body: ChangePasswordRequest) => api(routes.changePassword, { body });

/** Never retried by itself: a repeat after a lost answer would meet an account already gone. */
export const deleteAccount = (body: DeleteAccountRequest) => api(routes.deleteAccount, { body }, { once: true });

/** What the export says when it stops before its last byte: the connection went, or never came. */
export const EXPORT_STOPPED = 'The export stopped before it finished. Please try again.';

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
    job = (await api(routes.exportAccount, {}, { once: true, signal })).job;
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
  const response = await api(
    routes.jobFile,
    { params: { id: done.id } },
    { read: 'response', signal, refused: 'The export failed. Please try again.', noAnswer: EXPORT_STOPPED },
  );
  if (!response.body) throw new ApiError('The export failed. Please try again.', response.status);
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
