/** What a chat's AI remembers: method and path of each endpoint (see index.ts). */
export const getChatPrompt = { method: 'GET', path: '/api/chats/:chat_id/prompt' } as const;
export const listChatMemories = { method: 'GET', path: '/api/chats/:chat_id/memories' } as const;
export const putChatMemory = { method: 'PUT', path: '/api/chats/:chat_id/memories/:memory_id' } as const;
export const deleteChatMemory = { method: 'DELETE', path: '/api/chats/:chat_id/memories/:memory_id' } as const;
export const getChatNote = { method: 'GET', path: '/api/chats/:chat_id/note' } as const;
export const putChatNote = { method: 'PUT', path: '/api/chats/:chat_id/note' } as const;
export const getChatSummary = { method: 'GET', path: '/api/chats/:chat_id/summary' } as const;
export const putChatSummary = { method: 'PUT', path: '/api/chats/:chat_id/summary' } as const;
export const regenerateChatSummary = { method: 'POST', path: '/api/chats/:chat_id/summary/regenerate' } as const;
