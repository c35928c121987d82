import { api } from './call';
import * as routes from '@core/contract/routes';

export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const NOT_AUTHENTICATED = 'User not authenticated. Please log in.';

export interface UploadOptions {
  /** Administrators only: the server refuses it for anyone else. */
  publicRelease?: boolean;
  /** 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/upload/image as multipart (field `image`, `public_release=true` for administrators), with
 * its progress. Throws ApiError with the server's message, 'Upload failed. Please try again.' when it
 * sent none, the network message, or 'User not authenticated. Please log in.' without a session.
 */
export function uploadCard(file: File, { publicRelease, onProgress, signal }: UploadOptions = {}) {
  const form = new FormData();
  form.append('image', file, file.name);
  if (publicRelease) form.append('public_release', 'true');
  return api(
    routes.upload,
    { form },
    { onUploadProgress: onProgress ?? (() => undefined), refused: UPLOAD_FAILED, signedOut: NOT_AUTHENTICATED, signal },
  );
}
