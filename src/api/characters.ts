import type { CharacterDetails } from '@core/contract';
import { apiJson } from './client';

/** GET /api/characters/{id}: a card's details for chat. Each call counts a view on the server. */
export const getCharacterDetails = (fileId: string) => apiJson<CharacterDetails>(`characters/${encodeURIComponent(fileId)}`);
