import { accessToken } from '../auth/refresh';
import { noteAnswer, noteNoAnswer } from '../lib/connectivity';
import { apiUrl, retryWithFreshToken } from './authorizedFetch';
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';
import { identityHeaders } from './identity';

export interface XhrInit {
  headers: Record<string, string>;
  body: FormData | undefined;
  /** 0…1 as the bytes go out; 0 again when the request is sent a second time. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal | undefined;
}

/**
 * An API call sent with XMLHttpRequest, the only browser API that reports an upload's progress, and
 * otherwise held to the rules every call follows (src/api/call.ts): the user's identity headers, one
 * refresh on a 401, the answer told to the app's connectivity. Its answer is made a Response, so the
 * caller reads it and its errors as any other; no answer rejects with the network's ApiError.
 */
export async function authorizedXhr(method: string, path: string, init: XhrInit): Promise<Response> {
  const send = (token: string | null) =>
    sendOnce(method, path, { ...init, headers: { ...init.headers, ...(token ? identityHeaders(token) : {}) } });
  const token = await accessToken().catch(() => null);
  const response = await send(token);
  if (!token) return response;
  return retryWithFreshToken(response, (fresh) => {
    init.onProgress(0);
    return send(fresh);
  });
}

function sendOnce(method: string, path: string, { headers, body, onProgress, signal }: XhrInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const noAnswer = (code: string) => () => {
      noteNoAnswer();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, code));
    };
    xhr.onload = () => {
      if (xhr.status === 0) return noAnswer('network')();
      const type = xhr.getResponseHeader?.('content-type');
      const response = new Response(xhr.responseText || null, { status: xhr.status, headers: type ? { 'content-type': type } : {} });
      noteAnswer(response);
      resolve(response);
    };
    xhr.onerror = noAnswer('network');
    xhr.ontimeout = noAnswer('timeout');
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });
}
