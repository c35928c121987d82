import type {
  CharacterUsageResponse,
  CollectionsResponse,
  DeleteCharacterChatsResponse,
  ReplaceRequest,
  ReplaceResult,
  SuccessResponse,
} from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import { apiJson } from './client';

/** The spec's collections page size (§9). */
export const COLLECTIONS_PAGE_SIZE = PAGE_SIZES.collections;

/** GET /api/collections: the user's own uploads, newest first. */
export const listCollections = (offset: number, limit = COLLECTIONS_PAGE_SIZE) =>
  apiJson<CollectionsResponse>('collections', { searchParams: { limit, offset } });

/** DELETE /api/upload/images/user/{id}: the owner deletes one of their cards. */
export const deleteUserImage = (fileId: string) =>
  apiJson<SuccessResponse>(`upload/images/user/${encodeURIComponent(fileId)}`, { method: 'delete' });

/** DELETE /api/upload/images/public/{id}: an administrator deletes a public card (the fallback on 404). */
export const deletePublicImage = (fileId: string) =>
  apiJson<SuccessResponse>(`upload/images/public/${encodeURIComponent(fileId)}`, { method: 'delete' });

/** GET /api/character-replacement/character-usage/{id}: whether the user has chats with the card. */
export const characterUsage = (fileId: string) =>
  apiJson<CharacterUsageResponse>(`character-replacement/character-usage/${encodeURIComponent(fileId)}`);

/** DELETE /api/character-replacement/character-chats/{id}: the user's chats with the card. */
export const deleteCharacterChats = (fileId: string) =>
  apiJson<DeleteCharacterChatsResponse>(`character-replacement/character-chats/${encodeURIComponent(fileId)}`, {
    method: 'delete',
  });

/** POST /api/character-replacement/replace (paid plans). */
export const replaceCharacterImage = (body: ReplaceRequest) =>
  apiJson<ReplaceResult>('character-replacement/replace', { method: 'post', json: body, timeout: 60_000 });
