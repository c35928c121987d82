import type { ChatMessage, DeleteFromRequest, EditMessageRequest, MessagesDeleted } from '@core/contract';
import { apiJson } from './client';

/** Each change carries its outbox id as the Idempotency-Key: a retry (or another tab's) applies once. */
const keyed = (key: string) => ({ 'Idempotency-Key': key });

/** PATCH /api/messages/{id}: a new text and/or the version shown. */
export const editMessage = (id: string, body: EditMessageRequest, key: string) =>
  apiJson<ChatMessage>(`messages/${encodeURIComponent(id)}`, { method: 'patch', json: body, headers: keyed(key) });

/** DELETE /api/messages/{id}. */
export const deleteMessage = (id: string, key: string) =>
  apiJson<MessagesDeleted>(`messages/${encodeURIComponent(id)}`, { method: 'delete', headers: keyed(key) });

/** POST /api/messages/delete-from: the message and every later one. */
export const deleteMessagesFrom = (body: DeleteFromRequest, key: string) =>
  apiJson<MessagesDeleted>('messages/delete-from', { method: 'post', json: body, headers: keyed(key) });
