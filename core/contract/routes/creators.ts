/** Creators' pages, their settings and the age confirmation: method and path of each endpoint (see index.ts). */
export const creatorPage = { method: 'GET', path: '/api/creators/:handle' } as const;
export const creatorCards = { method: 'GET', path: '/api/creators/:handle/cards' } as const;
export const updateCreator = { method: 'PUT', path: '/api/users/me/creator' } as const;
export const updateContent = { method: 'PUT', path: '/api/users/me/content' } as const;
