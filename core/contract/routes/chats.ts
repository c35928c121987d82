/** Chats: method and path of each endpoint (see index.ts); replies and messages have their own files. */
export const listChats = { method: 'POST', path: '/api/chats/list' } as const;
export const getChat = { method: 'POST', path: '/api/chats/get' } as const;
export const deleteChat = { method: 'POST', path: '/api/chats/delete' } as const;
export const searchChats = { method: 'POST', path: '/api/chats/search' } as const;
export const createBranch = { method: 'POST', path: '/api/chats/:chat_id/branches' } as const;
export const updateChat = { method: 'PUT', path: '/api/chats/:chat_id' } as const;
export const exportChat = { method: 'POST', path: '/api/chats/export' } as const;
export const importChats = { method: 'POST', path: '/api/chats/import' } as const;
export const makeChatPhoto = { method: 'POST', path: '/api/chats/photo' } as const;
export const chatPhoto = { method: 'GET', path: '/api/chats/photo/:chat_id' } as const;
