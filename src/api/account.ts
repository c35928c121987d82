import type { ChangePasswordRequest, ChangePasswordResponse, DeleteAccountRequest, DeleteAccountResponse } from '@core/contract';
import { EXPORT_ESTIMATE_HEADER } from '@core/contract/constants';
import { authorizedFetch } from './authorizedFetch';
import { apiJson } from './client';
import { errorFromResponse } from './errors';

export const changePassword = (body: ChangePasswordRequest) =>
  apiJson<ChangePasswordResponse>('users/me/password', { method: 'post', json: body });

/** Never retried by itself: a repeat after a lost answer would meet an account already gone. */
export const deleteAccount = (body: DeleteAccountRequest) =>
  apiJson<DeleteAccountResponse>('users/me', { method: 'delete', json: body, retry: 0 });

export interface ExportProgress {
  received: number;
  /** The server's estimate of the whole zip's size; 0 when it gave none. */
  estimated: number;
}

/** The filename of a Content-Disposition header, or `fallback`. */
function filenameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * GET /api/users/me/export, read as it streams in so the page can show how far it got. The zip is
 * written while it is sent, so its size is the server's estimate until the last byte.
 */
export async function downloadExport(
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const response = await authorizedFetch('users/me/export', { signal });
  if (!response.ok || !response.body) throw await errorFromResponse(response, 'The export failed. Please try again.');
  const estimated = Number(response.headers.get(EXPORT_ESTIMATE_HEADER)) || 0;
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  onProgress({ received, estimated });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress({ received, estimated });
  }
  const filename = filenameOf(response.headers.get('content-disposition'), 'cardchat-export.zip');
  return { blob: new Blob(parts as BlobPart[], { type: 'application/zip' }), filename };
}
