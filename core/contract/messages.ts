/** A chat's messages one by one: added without a reply, read, edited, deleted. */
import { Type, type Static } from 'typebox';
import { ChatMessage, RecentChat } from './chats';
import { IdempotencyHeaders } from './completions';
import { Id, IdParams, type Endpoint } from './common';
import { MAX_REPLY_CHARS } from './constants';
import * as routes from './routes';

/** POST /api/messages: a message added to a chat without a reply. */
export const AppendMessageRequest = Type.Object({
  chatId: Id,
  content: Type.String({ maxLength: 20_000 }),
  /** Kept when not in the future. */
  timestamp: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AppendMessageRequest = Static<typeof AppendMessageRequest>;

/**
 * PATCH /api/messages/{id}: change a message of the user's. `content` replaces the text shown (on a
 * reply with versions, the shown version's); `swipe_id` shows another version. Both: the version is
 * chosen first, then edited. The Idempotency-Key header makes a retried change apply once.
 */
export const EditMessageRequest = Type.Object({
  content: Type.Optional(Type.String({ maxLength: MAX_REPLY_CHARS })),
  swipe_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type EditMessageRequest = Static<typeof EditMessageRequest>;

/** POST /api/messages/delete-from: the message and every later one of the chat. */
export const DeleteFromRequest = Type.Object({ chat_id: Id, message_id: Id });
export type DeleteFromRequest = Static<typeof DeleteFromRequest>;

/** What a delete answers: how many messages it removed, and the chat as the recent list shows it now. */
export const MessagesDeleted = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** 0 when the same Idempotency-Key had already deleted them. */
  deleted: Type.Integer(),
  chat: RecentChat,
});
export type MessagesDeleted = Static<typeof MessagesDeleted>;

export const getMessage = { ...routes.getMessage, params: IdParams, response: { 200: ChatMessage } } satisfies Endpoint;
export const appendMessage = { ...routes.appendMessage, body: AppendMessageRequest, response: { 201: ChatMessage } } satisfies Endpoint;
export const editMessage = {
  ...routes.editMessage,
  params: IdParams,
  body: EditMessageRequest,
  headers: IdempotencyHeaders,
  response: { 200: ChatMessage },
} satisfies Endpoint;
export const deleteMessage = {
  ...routes.deleteMessage,
  params: IdParams,
  headers: IdempotencyHeaders,
  response: { 200: MessagesDeleted },
} satisfies Endpoint;
export const deleteMessagesFrom = {
  ...routes.deleteMessagesFrom,
  body: DeleteFromRequest,
  headers: IdempotencyHeaders,
  response: { 200: MessagesDeleted },
} satisfies Endpoint;
