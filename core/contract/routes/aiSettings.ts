/** Generation settings and presets: method and path of each endpoint (see index.ts). */
export const getAiSettings = { method: 'GET', path: '/api/ai-settings' } as const;
export const putDefaultAiSettings = { method: 'PUT', path: '/api/ai-settings/defaults' } as const;
export const getChatAiSettings = { method: 'GET', path: '/api/chats/:chat_id/ai-settings' } as const;
export const putChatAiSettings = { method: 'PUT', path: '/api/chats/:chat_id/ai-settings' } as const;
export const deleteChatAiSettings = { method: 'DELETE', path: '/api/chats/:chat_id/ai-settings' } as const;
export const putAiPreset = { method: 'PUT', path: '/api/ai-presets/:id' } as const;
export const deleteAiPreset = { method: 'DELETE', path: '/api/ai-presets/:id' } as const;
