import type { CardEdit, CharacterPhotoRequest } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/upload/card/{file_id}: the whole card, to edit. */
export const getCard = (fileId: string) => api(routes.cardJson, { params: { file_id: fileId } });

/** PUT /api/upload/card/{file_id}: the editor's save of one of the user's own cards. A new picture makes the body large: a longer wait. */
export const saveCardEdit = (fileId: string, body: CardEdit) =>
  api(routes.editCard, { params: { file_id: fileId }, body }, { timeout: 60_000 });

/** An image service may take a minute to paint. */
const PHOTO_TIMEOUT_MS = 100_000;

/** POST /api/characters/photo: a portrait (PNG) from the name and description being written. */
export async function generatePortrait(request: CharacterPhotoRequest): Promise<Blob> {
  const response = await api(routes.characterPhoto, { body: request }, { read: 'response', timeout: PHOTO_TIMEOUT_MS });
  return response.blob();
}
