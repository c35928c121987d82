/**
 * Numbers and names both sides of the API agree on (spec §9). Plain values, no schemas: the PWA imports
 * this file for values, and only types from the rest of the contract, so TypeBox never reaches its bundle.
 */

/** How many items one page of each list holds, unless the request says otherwise. */
export const PAGE_SIZES = {
  gallery: 20,
  collections: 12,
  favorites: 10,
  recentChats: 5,
  messages: 10,
} as const;

/** The longest message a person may send, in characters. */
export const MAX_MESSAGE_CHARS = 1000;

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

/** Private card slots by plan; public cards (administrators') do not count. */
export const PRIVATE_SLOTS: Readonly<Record<PlanId, number>> = {
  normal: 5,
  monthly: 50,
  quarterly: 100,
  yearly: Number.POSITIVE_INFINITY,
};

/** The private slots of a stored plan value; an unknown one counts as the free tier. */
export function privateSlots(plan: string): number {
  return (PLAN_IDS as readonly string[]).includes(plan) ? PRIVATE_SLOTS[plan as PlanId] : PRIVATE_SLOTS.normal;
}
