import type { CollectionItem } from '@core/contract';
import {
  characterUsage,
  COLLECTIONS_PAGE_SIZE,
  deleteCharacterChats,
  deletePublicImage,
  deleteUserImage,
  listCollections,
} from '../api/collections';
import { ApiError } from '../api/errors';
import { removeCollectionItem, saveCollectionPage } from '../db/collections';

export interface CollectionsPull {
  total: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** Pulls one page (1-based) of the user's collection into Dexie, replacing the cached page. */
export async function pullCollections(page: number): Promise<CollectionsPull> {
  const result = await listCollections((page - 1) * COLLECTIONS_PAGE_SIZE);
  await saveCollectionPage(result.data);
  return { total: result.total, hasNext: result.has_next, hasPrev: result.has_prev };
}

/**
 * Whether the card has chats (then deleting asks twice and deletes them too). When the server can't
 * say, the answer is yes: one confirmation too many costs less than chats lost without a warning.
 */
export async function cardHasChats(item: CollectionItem): Promise<boolean> {
  try {
    return (await characterUsage(item.file_id)).has_chats;
  } catch {
    return true;
  }
}

/**
 * Deletes one of the user's cards; an administrator's 404 falls back to the public delete. Throws the
 * ApiError of the call that failed (see deleteErrorMessage for what to show).
 */
export async function deleteCollectionCard(item: CollectionItem, isAdmin: boolean, withChats: boolean): Promise<void> {
  if (withChats) await deleteCharacterChats(item.file_id);
  try {
    await deleteUserImage(item.file_id);
  } catch (error) {
    if (!(isAdmin && error instanceof ApiError && error.status === 404)) throw error;
    await deletePublicImage(item.file_id);
  }
  await removeCollectionItem(item.file_id);
}

/** The server deleted the user's original when it replaced the card: this device forgets it too. */
export async function forgetReplacedCard(fileId: string): Promise<void> {
  await removeCollectionItem(fileId);
}
