import type { BranchRequest, ChatExportRequest, ChatImportResponse, ChatListRequest } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import { REQUEST_TIMEOUT_MS } from './client';
import { waitForJob } from './jobs';
import { api } from './call';
import * as routes from '@core/contract/routes';

/** The recent list's page size (docs/PRODUCT.md, Limits). */
export const CHAT_LIST_PAGE_SIZE = PAGE_SIZES.recentChats;

export const EXPORT_FAILED = 'Failed to export chat data. Please try again.';
export const IMPORT_FAILED = 'Failed to import chat data. Please try again.';

/** POST /api/chats/list: a page of the user's chats, newest message first. */
export const listChats = (request: ChatListRequest) => api(routes.listChats, { body: request });

/** POST /api/chats/{chat_id}/branches: a new chat from the chat's history up to a message; the same `id` again makes nothing new. */
export const createBranch = (chatId: string, body: BranchRequest) => api(routes.createBranch, { params: { chat_id: chatId }, body });

/** POST /api/chats/delete: the chat and its messages. */
export const deleteChat = (chatId: string) => api(routes.deleteChat, { body: { chat_id: chatId } });

/**
 * POST /api/chats/import, multipart with each file in a field `file`, then the import's job followed
 * until it ends (the server imports off the request path). ky sends the FormData
 * with its boundary and never retries a POST; a refusal, or a job that failed, throws ApiError with
 * the server's message.
 */
export async function importChats(files: File[]): Promise<ChatImportResponse> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const started = await api(routes.importChats, { form });
  const { imported = [], skipped } = await waitForJob(started.job);
  return { success: true, message: 'Chat data has been imported successfully.', imported, ...(skipped && { skipped }) };
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
 * POST /api/chats/export: the chat as a .zip, .jsonl or text, named by the server's
 * Content-Disposition (read as a Response: the answer is a file and its headers matter). Throws
 * ApiError with the server's message or EXPORT_FAILED.
 */
export async function exportChat(request: ChatExportRequest): Promise<{ blob: Blob; filename: string }> {
  const response = await api(
    routes.exportChat,
    { body: request },
    { read: 'response', timeout: REQUEST_TIMEOUT_MS, refused: EXPORT_FAILED, noAnswer: EXPORT_FAILED },
  );
  const fallback = `${request.exportfilename || `chat-${request.chat_id}`}.${request.format ?? 'zip'}`;
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallback,
  };
}
