import type { ApiErrorBody, ChatExportRequest, ChatImportResponse, ChatListRequest, ChatListResponse } from '../../core/types';
import { accessToken } from '../auth/refresh';
import { appConfig } from '../config/appConfig';
import { apiJson, REQUEST_TIMEOUT_MS } from './client';
import { ApiError } from './errors';
import { identityHeaders } from './identity';

/** The spec's recent chats page size (§9). */
export const CHAT_LIST_PAGE_SIZE = 5;

export const EXPORT_FAILED = 'Failed to export chat data. Please try again.';
export const IMPORT_FAILED = 'Failed to import chat data. Please try again.';

/** POST /api/chats/list: a page of the user's chats, newest message first. */
export const listChats = (request: ChatListRequest) =>
  apiJson<ChatListResponse>('chats/list', { method: 'post', json: request });

/** POST /api/chats/delete: the chat and its messages. */
export const deleteChat = (chatId: string) =>
  apiJson<{ success: boolean; message?: string }>('chats/delete', { method: 'post', json: { chat_id: chatId } });

/**
 * POST /api/chats/import, multipart with the archive as field `file`. ky (through apiJson) sends the
 * FormData with its boundary and never retries a POST; a refusal throws ApiError with the server's message.
 */
export function importChats(file: File): Promise<ChatImportResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiJson<ChatImportResponse>('chats/import', { method: 'post', body: form });
}

/** The name a Content-Disposition header gives, preferring the RFC 5987 `filename*` form. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

async function postForBlob(path: string, body: unknown, token: string): Promise<Response> {
  return fetch(`${appConfig.apiBaseUrl.replace(/\/$/, '')}/${path}`, {
    method: 'POST',
    headers: { ...identityHeaders(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/**
 * POST /api/chats/export: the chat as a .zip, named by the server's Content-Disposition. Plain fetch
 * rather than apiJson, because the answer is a file and its headers matter; the token is refreshed
 * once on a 401, as the API client does. Throws ApiError with the server's message or EXPORT_FAILED.
 */
export async function exportChat(request: ChatExportRequest): Promise<{ blob: Blob; filename: string }> {
  let token = await accessToken().catch(() => null);
  if (!token) throw new ApiError(EXPORT_FAILED, 401, 'unauthenticated');
  let response: Response;
  try {
    response = await postForBlob('chats/export', request, token);
    if (response.status === 401) {
      token = await accessToken({ forceRefresh: true }).catch(() => null);
      if (!token) throw new ApiError(EXPORT_FAILED, 401, 'unauthenticated');
      response = await postForBlob('chats/export', request, token);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(EXPORT_FAILED, 0, 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
    throw new ApiError(body?.message ?? EXPORT_FAILED, response.status, body?.error);
  }
  const fallback = `${request.exportfilename || `chat-${request.chat_id}`}.zip`;
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallback,
  };
}
