import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/characters/{id}: a card's details for chat. Each call counts a view on the server. */
export const getCharacterDetails = (fileId: string) => api(routes.characterDetails, { params: { file_id: fileId } });
