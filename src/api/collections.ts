import type { CharacterUsageResponse, CollectionItem, CollectionsResponse } from '../../core/types';
import { apiJson } from './client';

/** The spec's collections page size (§9). */
export const COLLECTIONS_PAGE_SIZE = 12;

/** GET /api/collections: the user's own uploads, newest first. */
export const listCollections = (offset: number, limit = COLLECTIONS_PAGE_SIZE) =>
  apiJson<CollectionsResponse>('collections', { searchParams: { limit, offset } });

/** DELETE /api/upload/images/user/{id}: the owner deletes one of their cards. */
export const deleteUserImage = (fileId: string) =>
  apiJson<{ success: boolean; message: string }>(`upload/images/user/${encodeURIComponent(fileId)}`, { method: 'delete' });

/** DELETE /api/upload/images/public/{id}: an administrator deletes a public card (the fallback on 404). */
export const deletePublicImage = (fileId: string) =>
  apiJson<{ success: boolean; message: string }>(`upload/images/public/${encodeURIComponent(fileId)}`, { method: 'delete' });

/** GET /api/character-replacement/character-usage/{id}: whether the user has chats with the card. */
export const characterUsage = (fileId: string) =>
  apiJson<CharacterUsageResponse>(`character-replacement/character-usage/${encodeURIComponent(fileId)}`);

/** DELETE /api/character-replacement/character-chats/{id}: the user's chats with the card. */
export const deleteCharacterChats = (fileId: string) =>
  apiJson<{ success: boolean; deleted: number }>(`character-replacement/character-chats/${encodeURIComponent(fileId)}`, {
    method: 'delete',
  });

/** Spec §3 "Replacement request". */
export interface ReplaceRequest {
  original_file_id: string;
  new_image: string;
  new_name: string;
  creator_name: string;
  is_public_image: boolean;
  update_chat_links: boolean;
  /** Save even though the card's embedded assets can't be kept (the server said so with 409 assets_not_kept). */
  drop_assets?: boolean;
}

export interface ReplaceResult {
  success: boolean;
  message: string;
  data: CollectionItem;
  original_deleted: boolean;
  favorite_removed: boolean;
}

/** POST /api/character-replacement/replace (paid plans). */
export const replaceCharacterImage = (body: ReplaceRequest) =>
  apiJson<ReplaceResult>('character-replacement/replace', { method: 'post', json: body, timeout: 60_000 });
