import type { ChatUpdate, Persona, PersonaCreate, PersonaDeleted, PersonaList, PersonaUpdate, RecentChat } from '@core/contract';
import { apiJson } from './client';

const path = (id: string) => `personas/${encodeURIComponent(id)}`;

/** GET /api/personas: the user's personas, oldest first. */
export const listPersonas = () => apiJson<PersonaList>('personas');

export const createPersona = (body: PersonaCreate) => apiJson<Persona>('personas', { method: 'post', json: body });

/** Only the fields given change; `avatar: null` removes the picture. */
export const updatePersona = (id: string, body: PersonaUpdate) => apiJson<Persona>(path(id), { method: 'put', json: body });

export const deletePersona = (id: string) => apiJson<PersonaDeleted>(path(id), { method: 'delete' });

/** PUT /api/chats/{chat_id}: who the user is in the chat (null: the profile name). */
export const updateChat = (chatId: string, body: ChatUpdate) =>
  apiJson<RecentChat>(`chats/${encodeURIComponent(chatId)}`, { method: 'put', json: body });
