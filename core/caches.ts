/** Names the page and the service worker share: caches, Background Sync tags, messages. */

/** The service worker's runtime cache of card images; the page clears it on sign-out. */
export const CARD_IMAGE_CACHE = 'card-images';

/** The Background Sync tag the page registers when it queues a message offline. */
export const OUTBOX_SYNC_TAG = 'cardchat-outbox';

/** What the service worker posts to open windows when that sync fires (it cannot send: the tokens are the page's). */
export const FLUSH_OUTBOX_MESSAGE = 'FLUSH_OUTBOX';
