import type { CardEdit, CharacterPhotoRequest, UploadResponse, WholeCard } from '@core/contract';
import { authorizedFetch } from './authorizedFetch';
import { apiJson } from './client';
import { errorFromResponse } from './errors';

/** GET /api/upload/card/{file_id}: the whole card, to edit. */
export const getCard = (fileId: string) => apiJson<WholeCard>(`upload/card/${encodeURIComponent(fileId)}`);

/** PUT /api/upload/card/{file_id}: the editor's save of one of the user's own cards. A new picture makes the body large: a longer wait. */
export const saveCardEdit = (fileId: string, body: CardEdit) =>
  apiJson<UploadResponse>(`upload/card/${encodeURIComponent(fileId)}`, { method: 'put', json: body, timeout: 60_000 });

/** An image service may take a minute to paint. */
const PHOTO_TIMEOUT_MS = 100_000;

/** POST /api/characters/photo: a portrait (PNG) from the name and description being written. */
export async function generatePortrait(request: CharacterPhotoRequest): Promise<Blob> {
  const response = await authorizedFetch('characters/photo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS),
  });
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}
