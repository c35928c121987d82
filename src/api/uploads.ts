import type { UploadResponse } from '@core/contract';
import { accessToken } from '../auth/refresh';
import { identityHeaders } from './identity';
import { apiUrl } from './authorizedFetch';
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';

export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const NOT_AUTHENTICATED = 'User not authenticated. Please log in.';

export interface UploadOptions {
  /** Administrators only: the server refuses it for anyone else. */
  publicRelease?: boolean;
  /** 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function send(file: File, token: string, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('image', file, file.name);
    if (options.publicRelease) form.append('public_release', 'true');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('upload/image'));
    for (const [name, value] of Object.entries(identityHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network'));
    xhr.ontimeout = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, 'timeout'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * POST /api/upload/image as multipart (field `image`, `public_release=true` for administrators).
 * XMLHttpRequest rather than ky, because only it reports upload progress. Throws ApiError with the
 * server's message, 'Upload failed. Please try again.' when it sent none, or the network message.
 */
export async function uploadCard(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  let token: string | null;
  try {
    token = await accessToken();
  } catch {
    token = null;
  }
  if (!token) throw new ApiError(NOT_AUTHENTICATED, 401, 'unauthenticated');
  let answer = await send(file, token, options);
  if (answer.status === 401) {
    // The token expired or was revoked between our check and the server's: refresh once.
    const fresh = await accessToken({ forceRefresh: true }).catch(() => null);
    if (!fresh) throw new ApiError(NOT_AUTHENTICATED, 401, 'unauthenticated');
    options.onProgress?.(0);
    answer = await send(file, fresh, options);
  }
  const { status, body } = answer;
  if (status >= 200 && status < 300 && typeof body === 'object' && body !== null && (body as { success?: unknown }).success) {
    return body as UploadResponse;
  }
  if (status === 0) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  throw new ApiError(messageOf(body) ?? UPLOAD_FAILED, status, typeof code === 'string' ? code : undefined);
}
