import type { DeleteFromRequest, EditMessageRequest } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** Each change carries its outbox id as the Idempotency-Key: a retry (or another tab's) applies once. */
const keyed = (key: string) => ({ 'idempotency-key': key });

/** PATCH /api/messages/{id}: a new text and/or the version shown. */
export const editMessage = (id: string, body: EditMessageRequest, key: string) =>
  api(routes.editMessage, { params: { id }, body, headers: keyed(key) });

/** DELETE /api/messages/{id}. */
export const deleteMessage = (id: string, key: string) => api(routes.deleteMessage, { params: { id }, headers: keyed(key) });

/** POST /api/messages/delete-from: the message and every later one. */
export const deleteMessagesFrom = (body: DeleteFromRequest, key: string) => api(routes.deleteMessagesFrom, { body, headers: keyed(key) });
