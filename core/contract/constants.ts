/**
 * Numbers and names both sides of the API agree on (docs/PRODUCT.md, Limits and Plans). Plain values, no schemas: the PWA imports
 * this file for values, and only types from the rest of the contract, so TypeBox never reaches its bundle.
 */

/** How many items one page of each list holds, unless the request says otherwise. */
export const PAGE_SIZES = {
  gallery: 20,
  collections: 12,
  favorites: 10,
  recentChats: 5,
  messages: 10,
  /** Messages found by a search inside chats. */
  searchHits: 20,
} as const;

/** The longest search string, in characters (the chat list's and the search inside chats). */
export const MAX_SEARCH_CHARS = 200;

/** The longest name a person gives a chat, in characters (after spaces are tidied). */
export const MAX_CHAT_TITLE_CHARS = 100;

/** A group chat's members: made with at least two characters, never more than ten. */
export const MIN_GROUP_MEMBERS = 2;
export const MAX_GROUP_MEMBERS = 10;

/** How much of a chat's newest message the recent list carries (it shows the first line of it). */
export const LAST_MESSAGE_CHARS = 300;

/** The longest message a person may send, in characters (their edits of their own messages too). */
export const MAX_MESSAGE_CHARS = 1000;

/**
 * The longest text a character's message may be edited to, in characters: replies run to several
 * thousand, and a person fixing one must not be refused; 32,000 is more than a whole 8K context.
 */
export const MAX_REPLY_CHARS = 32_000;

/** The thumbnail widths the server makes of every card: one for phones and narrow columns, one for dense screens. */
export const THUMBNAIL_WIDTHS = [240, 480] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/**
 * A card's thumbnail (public to all, private to its owner with the Bearer token). `version` names the
 * pictures of an edited card (`?v=`), so caches that keep image URLs forever fetch the new ones.
 */
export function thumbnailUrl(fileId: string, width: ThumbnailWidth = THUMBNAIL_WIDTHS[0], version?: string): string {
  const url = `/api/upload/image/thumbnail/${encodeURIComponent(fileId)}/${width}.webp`;
  return version ? `${url}?v=${encodeURIComponent(version)}` : url;
}

/** The largest picture a character editor's save may carry (a PNG the browser made), as a replacement's. */
export const MAX_EDIT_IMAGE_BYTES = 10 * 1024 * 1024;

/** The plans a user can be on; 'normal' is the free tier (shown as 'Free'). */
export const PLAN_IDS = ['normal', 'monthly', 'quarterly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Private card slots by plan; public cards (administrators') do not count. */
export const PRIVATE_SLOTS: Readonly<Record<PlanId, number>> = {
  normal: 5,
  monthly: 50,
  quarterly: 100,
  yearly: Number.POSITIVE_INFINITY,
};

/**
 * Bytes a user may keep stored, by plan: private cards (PNG, thumbnails, card text), chats (message
 * text plus a fixed cost per message) and generated portraits. Sized for this field's heavy users:
 * chats of tens of thousands of messages (~25 MB each) and cards with images of several MB.
 */
export const STORAGE_QUOTA_BYTES: Readonly<Record<PlanId, number>> = {
  normal: 250 * MB,
  monthly: 2 * GB,
  quarterly: 5 * GB,
  yearly: 10 * GB,
};

/** A stored plan value as one of PLAN_IDS; an unknown one (or none) counts as the free tier. */
export function planId(plan: string | null | undefined): PlanId {
  const key = (plan ?? '').trim().toLowerCase();
  return (PLAN_IDS as readonly string[]).includes(key) ? (key as PlanId) : 'normal';
}

export function privateSlots(plan: string | null | undefined): number {
  return PRIVATE_SLOTS[planId(plan)];
}

export function storageQuota(plan: string | null | undefined): number {
  return STORAGE_QUOTA_BYTES[planId(plan)];
}

/**
 * Personas (who the user is in a chat): how many one person may keep, and how long their texts may
 * be. A name stands for {{user}} in every prompt and greeting; a description goes into the prompt.
 */
export const PERSONA_LIMITS = {
  count: 50,
  nameChars: 100,
  descriptionChars: 5000,
  /** The avatar as sent (PNG, JPEG, WebP or GIF); the PWA scales a photo down before sending it. */
  avatarBytes: 2 * 1024 * 1024,
} as const;

/** The gallery's sorts, its default first (Home's first page: core/gallery.ts). */
export const GALLERY_SORTS = ['trending', 'newest', 'liked', 'chatted'] as const;
export type GallerySortId = (typeof GALLERY_SORTS)[number];

/** How many tags one gallery filter may ask for at once. */
export const MAX_FILTER_TAGS = 5;

/**
 * Pinned memories of a chat (always in its prompt): how many one chat keeps and how long each may be.
 * They are stored in the chat's chat_metadata, so they count in the storage quota and travel in its export.
 */
export const MEMORY_LIMITS = { count: 100, textChars: 2000 } as const;

/** A chat's running summary (in its chat_metadata, so within the storage quota): its length. */
export const SUMMARY_LIMITS = { textChars: 4000 } as const;

/** How many generation presets one person may keep, and a name's length. */
export const AI_PRESET_LIMITS = { count: 100, nameChars: 100 } as const;
