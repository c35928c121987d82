import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/character-pages/{id}: a character's page; counts a view. */
export const getCharacterPage = (fileId: string) => api(routes.characterPage, { params: { file_id: fileId } });

export const getCreatorPage = (handle: string) => api(routes.creatorPage, { params: { handle } });
