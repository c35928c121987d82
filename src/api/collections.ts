import type { ReplaceRequest } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** The collections' page size (docs/PRODUCT.md, Limits). */
export const COLLECTIONS_PAGE_SIZE = PAGE_SIZES.collections;

/** GET /api/collections: the user's own uploads, newest first. */
export const listCollections = (offset: number, limit = COLLECTIONS_PAGE_SIZE) => api(routes.collections, { query: { limit, offset } });

/** DELETE /api/upload/images/user/{id}: the owner deletes one of their cards. */
export const deleteUserImage = (fileId: string) => api(routes.deleteUserImage, { params: { id: fileId } });

/** DELETE /api/upload/images/public/{id}: an administrator deletes a public card (the fallback on 404). */
export const deletePublicImage = (fileId: string) => api(routes.deletePublicImage, { params: { id: fileId } });

/** GET /api/character-replacement/character-usage/{id}: whether the user has chats with the card. */
export const characterUsage = (fileId: string) => api(routes.characterUsage, { params: { id: fileId } });

/** DELETE /api/character-replacement/character-chats/{id}: the user's chats with the card. */
export const deleteCharacterChats = (fileId: string) => api(routes.deleteCharacterChats, { params: { id: fileId } });

/** POST /api/character-replacement/replace (paid plans). */
export const replaceCharacterImage = (body: ReplaceRequest) => api(routes.replace, { body }, { timeout: 60_000 });
