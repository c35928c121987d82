/** A chat's running summary of the history that no longer fits its prompt: read, edited, switched off, written again. */
import { Type, type Static } from 'typebox';
import { ChatIdParams } from './chats';
import { NullableString, type Endpoint } from './common';
import { SUMMARY_LIMITS } from './constants';
import { JobStarted } from './jobs';
import * as routes from './routes';

export const ChatSummary = Type.Object({
  text: Type.String({ maxLength: SUMMARY_LIMITS.textChars }),
  /** Summarizing is off for the chat: nothing is asked of the AI and the summary stays out of the prompt. */
  off: Type.Boolean(),
  /** How many of the chat's first messages it covers (by their number). */
  covers: Type.Integer({ minimum: 0 }),
  /** ISO-8601 UTC of its last change; null: never written. */
  updated_at: NullableString(),
  /** Written without an AI service: the demo's words, not a summary. */
  demo: Type.Boolean(),
});
export type ChatSummary = Static<typeof ChatSummary>;

/** What the person sets: the text (edited by hand) and the switch. */
export const PutChatSummary = Type.Object({
  text: Type.String({ maxLength: SUMMARY_LIMITS.textChars }),
  off: Type.Boolean(),
});
export type PutChatSummary = Static<typeof PutChatSummary>;

export const getChatSummary = { ...routes.getChatSummary, params: ChatIdParams, response: { 200: ChatSummary } } satisfies Endpoint;
export const putChatSummary = {
  ...routes.putChatSummary,
  params: ChatIdParams,
  body: PutChatSummary,
  response: { 200: ChatSummary },
} satisfies Endpoint;
/** Writes the summary again from the messages it covers (a job; counted as a reply against the person's limit). */
export const regenerateChatSummary = {
  ...routes.regenerateChatSummary,
  params: ChatIdParams,
  response: { 202: JobStarted },
} satisfies Endpoint;
