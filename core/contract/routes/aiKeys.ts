/** A person's own AI key: method and path of each endpoint (see index.ts). */
export const getAiKey = { method: 'GET', path: '/api/users/me/ai-key' } as const;
export const putAiKey = { method: 'PUT', path: '/api/users/me/ai-key' } as const;
export const deleteAiKey = { method: 'DELETE', path: '/api/users/me/ai-key' } as const;
