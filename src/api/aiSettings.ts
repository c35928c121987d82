import type { AiPresetSave, GenerationSettings } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/ai-settings: the person's default settings, their presets, the server's context cap. */
export const getAiSettings = () => api(routes.getAiSettings, {});

export const putDefaultAiSettings = (body: GenerationSettings) => api(routes.putDefaultAiSettings, { body });

export const getChatAiSettings = (chatId: string) => api(routes.getChatAiSettings, { params: { chat_id: chatId } });

export const putChatAiSettings = (chatId: string, body: GenerationSettings) =>
  api(routes.putChatAiSettings, { params: { chat_id: chatId }, body });

/** The chat follows the person's defaults again. */
export const deleteChatAiSettings = (chatId: string) => api(routes.deleteChatAiSettings, { params: { chat_id: chatId } });

/** Makes the preset under the device's id, or replaces it: sent twice, it is one preset. */
export const putAiPreset = (id: string, body: AiPresetSave) => api(routes.putAiPreset, { params: { id }, body });

export const deleteAiPreset = (id: string) => api(routes.deleteAiPreset, { params: { id } });
