import * as routes from '@core/contract/routes';
import { api } from './call';

/** GET /api/chats/{chat_id}/prompt: the chat's last prompt, part by part (`prompt` absent before the first reply). */
export const getChatPrompt = (chatId: string) => api(routes.getChatPrompt, { params: { chat_id: chatId } });
