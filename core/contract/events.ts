/**
 * GET /api/events: one Server-Sent Events stream per signed-in device, carrying every change to the
 * person's data as it happens. Each stored event has an `id` counting up per person; a device
 * reconnects with `Last-Event-ID` (header, or `last_event_id` in the query) and receives what it
 * missed. Events the device caused itself carry its `X-Device-ID` as `origin`.
 *
 * The stream's own events: `ready` (id: where the device now stands) first; `resync` (id: the newest)
 * when the device was away longer than events are kept, so it pulls its lists again; `reply.delta`
 * (no id, never stored) while a reply streams; `closed` with a reason before the server ends it (the
 * access token expired, or the person opened more streams than allowed). Comments (`: ping`) are
 * heartbeats.
 */
import { Type } from 'typebox';
import type { ChatMessage, RecentChat } from './chats';
import type { Favorite } from './favorites';
import type { Endpoint } from './common';
import * as routes from './routes';

export const EventsQuery = Type.Object({
  last_event_id: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
});

export const EventsHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
});

export const events = { ...routes.events, querystring: EventsQuery, headers: EventsHeaders, response: {} } satisfies Endpoint;

/** What each stored kind carries. */
export interface StoredEventPayloads {
  /** A message stored: the person's, a greeting, or a reply (whole, once written). */
  'message.created': ChatMessage;
  /** A message changed: edited, another version shown or written (swipe, regenerate), continued. */
  'message.updated': ChatMessage;
  /** Messages deleted: the ones named, or (`from_seq`) that one and every later one of the chat. */
  'messages.deleted': { chat_id: string; ids?: string[]; from_seq?: number };
  'chat.created': RecentChat;
  /** The fields of the chat's list entry that changed. */
  'chat.updated': Partial<RecentChat> & { chat_id: string };
  'chat.deleted': { chat_id: string };
  'favorite.added': Favorite;
  'favorite.removed': { id: string; file_id: string };
}

export type StoredEventKind = keyof StoredEventPayloads;

export interface StoredEvent<K extends StoredEventKind = StoredEventKind> {
  id: number;
  kind: K;
  payload: StoredEventPayloads[K];
  origin: string | null;
}

/**
 * Text of a reply while it streams, as it reaches the server (never stored: the whole reply comes
 * as `message.created` / `message.updated` once written). `key` is the completion's Idempotency-Key;
 * `message_id` the reply it extends (a new version or a continuation), null for a new reply.
 */
export interface ReplyDelta {
  chat_id: string;
  key: string;
  message_id: string | null;
  text: string;
  origin: string | null;
}
