import type { ChatNote, PutChatMemory, PutChatSummary } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/chats/{chat_id}/prompt: the chat's last prompt, part by part (`prompt` absent before the first reply). */
export const getChatPrompt = (chatId: string) => api(routes.getChatPrompt, { params: { chat_id: chatId } });

/** GET /api/chats/{chat_id}/memories: the chat's pinned memories, oldest first. */
export const listChatMemories = (chatId: string) => api(routes.listChatMemories, { params: { chat_id: chatId } });

/** PUT /api/chats/{chat_id}/memories/{memory_id}: writes it (a new one, or its text changed); sent twice, once. */
export const putChatMemory = (chatId: string, memoryId: string, body: PutChatMemory) =>
  api(routes.putChatMemory, { params: { chat_id: chatId, memory_id: memoryId }, body });

/** DELETE /api/chats/{chat_id}/memories/{memory_id}: one already gone is not an error. */
export const deleteChatMemory = (chatId: string, memoryId: string) =>
  api(routes.deleteChatMemory, { params: { chat_id: chatId, memory_id: memoryId } });

/** GET /api/chats/{chat_id}/note: the chat's author's note (SillyTavern's defaults when none was set). */
export const getChatNote = (chatId: string) => api(routes.getChatNote, { params: { chat_id: chatId } });

/** PUT /api/chats/{chat_id}/note: replaces it. */
export const putChatNote = (chatId: string, note: ChatNote) => api(routes.putChatNote, { params: { chat_id: chatId }, body: note });

/** GET /api/chats/{chat_id}/summary: the chat's running summary of the history out of its prompt. */
export const getChatSummary = (chatId: string) => api(routes.getChatSummary, { params: { chat_id: chatId } });

/** PUT /api/chats/{chat_id}/summary: its text and whether it is off; sent twice, the same. */
export const putChatSummary = (chatId: string, body: PutChatSummary) => api(routes.putChatSummary, { params: { chat_id: chatId }, body });

/** POST /api/chats/{chat_id}/summary/regenerate: writes it again (202 with the job to follow). */
export const regenerateChatSummary = (chatId: string) => api(routes.regenerateChatSummary, { params: { chat_id: chatId } });
