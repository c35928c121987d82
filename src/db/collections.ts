import type { CollectionItem } from '@core/contract';
import { db } from './db';

/** The cached page of the user's collection, newest first (as the server orders it). */
export function collectionItems(): Promise<CollectionItem[]> {
  return db.collections.orderBy('upload_time').reverse().toArray();
}

/** Keeps exactly the current page: what the screen shows now, and what it shows offline. */
export async function saveCollectionPage(items: CollectionItem[]): Promise<void> {
  await db.transaction('rw', db.collections, async () => {
    await db.collections.clear();
    await db.collections.bulkPut(items);
  });
}

export async function removeCollectionItem(fileId: string): Promise<void> {
  await db.collections.delete(fileId);
}

export function collectionItem(fileId: string): Promise<CollectionItem | undefined> {
  return db.collections.get(fileId);
}

/** Changes the cached entry of one of the person's cards (where it stands on its way to the gallery). */
export async function updateCollectionItem(fileId: string, change: (item: CollectionItem) => void): Promise<void> {
  await db.collections.update(fileId, change);
}
