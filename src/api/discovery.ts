import type { CharacterPage, CreatorPage } from '@core/contract';
import { characterPageDataUrl } from '@core/gallery';
import { apiJson } from './client';

/** GET /api/character-pages/{id}: a character's page; counts a view. */
export const getCharacterPage = (fileId: string) => apiJson<CharacterPage>(characterPageDataUrl(fileId).replace(/^\/api\//, ''));

export const getCreatorPage = (handle: string) => apiJson<CreatorPage>(`creators/${encodeURIComponent(handle)}`);
