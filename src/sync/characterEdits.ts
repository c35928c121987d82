import { CARD_IMAGE_CACHE } from '@core/caches';
import type { CollectionItem } from '@core/contract';
import { db } from '../db/db';

/**
 * The device's copies after the character editor saved a card: its collection entry, its chats' name
 * (the server renamed them too), and no cached picture of it left for the service worker to serve
 * (the chat list and panel ask for its thumbnails by file id, without the edit's `?v=`).
 */
export async function noteSavedCharacter(item: CollectionItem, isNew: boolean): Promise<void> {
  const name = item.display_title;
  await db.transaction('rw', [db.collections, db.chats], async () => {
    // The collection keeps the page last shown: a new card is the newest, an edited one changes where it is.
    if (isNew || (await db.collections.get(item.file_id))) await db.collections.put(item);
    await db.chats
      .where('character_id')
      .equals(item.file_id)
      .modify({ character_name: name, filename: `${name}.jsonl`, card_type: item.is_public === 1 ? 'public' : 'user' });
  });
  await forgetCachedPictures(item.file_id);
}

/** Drops the service worker's cached images of one card (absent where Cache Storage is: a test, an insecure origin). */
export async function forgetCachedPictures(fileId: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(CARD_IMAGE_CACHE);
  const marker = `/${encodeURIComponent(fileId)}`;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.endsWith(marker) || path.includes(`${marker}/`)) await cache.delete(request);
  }
}
