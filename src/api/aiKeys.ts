import type { AiKeySave } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/users/me/ai-key: the services a key may be added for, and the person's key (its last 4 characters). */
export const getAiKey = () => api(routes.getAiKey, {});

/** Saves the person's own key: sent once, never read back. */
export const putAiKey = (body: AiKeySave) => api(routes.putAiKey, { body });

export const deleteAiKey = () => api(routes.deleteAiKey, {});
