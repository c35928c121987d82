import type { Generated, Selectable } from 'kysely';

/** The tables of sharing: review, the gallery's own table and tags, Trending's activity, reports, counted views. */
export type ReviewState = 'private' | 'submitted' | 'published' | 'rejected';
export type ContentRating = 'sfw' | 'nsfw';

/** The card and blobs of an edit of a published card, waiting for review (or rejected); one per card. */
export interface CardRevisionsTable {
  image_id: string;
  owner_id: string;
  state: 'submitted' | 'rejected';
  content_rating: ContentRating;
  note: string | null;
  submitted_at: string;
  blob_key: string;
  thumb_keys: string;
  display_title: string;
  sha256: string;
  file_size: number;
  width: number;
  height: number;
  aspect_ratio: string;
  card_json: string;
  card_summary: string;
  card_name: string;
  card_tags: string;
  card_creator: string;
  spec_version: string;
  stored_bytes: number;
}

/** A public card as the gallery sorts, filters and searches it (server/db/repositories/gallery.ts). */
export interface GalleryTable {
  /** Given in the order cards were published: "Newest" is this, descending. */
  seq: Generated<number>;
  image_id: string;
  nsfw: number;
  favorite_count: number;
  chat_count: number;
  trend_score: Generated<number>;
  /** The words of the card's name, tags and creator (core/tags.ts searchWords), full-text indexed. */
  search_text: string;
  /** The normalised tags, one per line. */
  tags_text: string;
}

export interface GalleryTagsTable {
  tag: string;
  seq: number;
}

/** Chats started and likes given in one UTC hour (`YYYY-MM-DDTHH`), for Trending. */
export interface CardActivityTable {
  image_id: string;
  hour: string;
  chats: Generated<number>;
  likes: Generated<number>;
}

export interface ReportsTable {
  id: string;
  image_id: string;
  reporter_id: string;
  reason: string;
  details: string;
  state: 'open' | 'dismissed' | 'actioned';
  created_at: string;
  resolved_at: string | null;
}

/** A view or download already counted today: one per (card, kind, viewer, day). */
export interface CardHitsTable {
  image_id: string;
  kind: 'view' | 'download' | 'chat';
  /** `user:<users.id>` when signed in, else `address:<keyed hash of the address>`. */
  viewer: string;
  /** UTC date, YYYY-MM-DD. */
  day: string;
}

export type CardRevision = Selectable<CardRevisionsTable>;
export type Report = Selectable<ReportsTable>;
