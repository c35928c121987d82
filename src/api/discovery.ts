import type { CharacterPage, CreatorPage, PopularTags } from '../../core/contract';
import { characterPageDataUrl } from '../../core/gallery';
import { apiJson } from './client';

/** GET /api/gallery/tags: the gallery's most used tags (with NSFW cards' when asked and allowed). */
export const getPopularTags = (nsfw: boolean) => apiJson<PopularTags>('gallery/tags', { searchParams: nsfw ? { nsfw: '1' } : {} });

/** GET /api/character-pages/{id}: a character's page; counts a view. */
export const getCharacterPage = (fileId: string) => apiJson<CharacterPage>(characterPageDataUrl(fileId).replace(/^\/api\//, ''));

export const getCreatorPage = (handle: string) => apiJson<CreatorPage>(`creators/${encodeURIComponent(handle)}`);
