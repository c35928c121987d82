/** The service worker's runtime cache of card images; the page clears it on sign-out. */
export const CARD_IMAGE_CACHE = 'card-images';
