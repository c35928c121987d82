/** Chats, replies and messages: method and path of each endpoint (see index.ts). */
export const listChats = { method: 'POST', path: '/api/chats/list' } as const;
export const getChat = { method: 'POST', path: '/api/chats/get' } as const;
export const deleteChat = { method: 'POST', path: '/api/chats/delete' } as const;
export const searchChats = { method: 'POST', path: '/api/chats/search' } as const;
export const updateChat = { method: 'PUT', path: '/api/chats/:chat_id' } as const;
export const completion = { method: 'POST', path: '/api/chat/completions' } as const;
export const storedCompletion = { method: 'GET', path: '/api/chat/completions/:id' } as const;
export const exportChat = { method: 'POST', path: '/api/chats/export' } as const;
export const importChats = { method: 'POST', path: '/api/chats/import' } as const;
export const makeChatPhoto = { method: 'POST', path: '/api/chats/photo' } as const;
export const chatPhoto = { method: 'GET', path: '/api/chats/photo/:chat_id' } as const;
export const getMessage = { method: 'GET', path: '/api/messages/:id' } as const;
export const appendMessage = { method: 'POST', path: '/api/messages' } as const;
export const editMessage = { method: 'PATCH', path: '/api/messages/:id' } as const;
export const deleteMessage = { method: 'DELETE', path: '/api/messages/:id' } as const;
export const deleteMessagesFrom = { method: 'POST', path: '/api/messages/delete-from' } as const;
