import type { ChatUpdate, PersonaCreate, PersonaUpdate } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/personas: the user's personas, oldest first. */
export const listPersonas = () => api(routes.listPersonas, {});

export const createPersona = (body: PersonaCreate) => api(routes.createPersona, { body });

/** Only the fields given change; `avatar: null` removes the picture. */
export const updatePersona = (id: string, body: PersonaUpdate) => api(routes.updatePersona, { params: { id }, body });

export const deletePersona = (id: string) => api(routes.deletePersona, { params: { id } });

/** PUT /api/chats/{chat_id}: who the user is in the chat (null: the profile name), or its title. */
export const updateChat = (chatId: string, body: ChatUpdate) => api(routes.updateChat, { params: { chat_id: chatId }, body });
