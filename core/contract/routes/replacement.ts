/** Character replacement: method and path of each endpoint (see index.ts). */
export const replace = { method: 'POST', path: '/api/character-replacement/replace' } as const;
export const characterUsage = { method: 'GET', path: '/api/character-replacement/character-usage/:id' } as const;
export const deleteCharacterChats = { method: 'DELETE', path: '/api/character-replacement/character-chats/:id' } as const;
