import type { ChatExportRequest, ChatImportResponse, ChatListRequest, ChatListResponse, SuccessResponse } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import { authorizedFetch } from './authorizedFetch';
import { apiJson, REQUEST_TIMEOUT_MS } from './client';
import { ApiError, errorFromResponse } from './errors';

/** The spec's recent chats page size (§9). */
export const CHAT_LIST_PAGE_SIZE = PAGE_SIZES.recentChats;

export const EXPORT_FAILED = 'Failed to export chat data. Please try again.';
export const IMPORT_FAILED = 'Failed to import chat data. Please try again.';

/** POST /api/chats/list: a page of the user's chats, newest message first. */
export const listChats = (request: ChatListRequest) => apiJson<ChatListResponse>('chats/list', { method: 'post', json: request });

/** POST /api/chats/delete: the chat and its messages. */
export const deleteChat = (chatId: string) => apiJson<SuccessResponse>('chats/delete', { method: 'post', json: { chat_id: chatId } });

/**
 * POST /api/chats/import, multipart with each file in a field `file`. ky (through apiJson) sends the
 * FormData with its boundary and never retries a POST; a refusal throws ApiError with the server's message.
 */
export function importChats(files: File[]): Promise<ChatImportResponse> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
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

/**
 * POST /api/chats/export: the chat as a .zip, .jsonl or text, named by the server's Content-Disposition. authorizedFetch
 * rather than apiJson, because the answer is a file and its headers matter. Throws ApiError with the
 * server's message or EXPORT_FAILED.
 */
export async function exportChat(request: ChatExportRequest): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await authorizedFetch('chats/export', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(EXPORT_FAILED, 0, 'network');
  }
  if (!response.ok) throw await errorFromResponse(response, EXPORT_FAILED);
  const fallback = `${request.exportfilename || `chat-${request.chat_id}`}.${request.format ?? 'zip'}`;
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallback,
  };
}
