/** What a chat's AI remembers: method and path of each endpoint (see index.ts). */
export const getChatPrompt = { method: 'GET', path: '/api/chats/:chat_id/prompt' } as const;
