/** Favorites: method and path of each endpoint (see index.ts). */
export const addFavorite = { method: 'POST', path: '/api/favorites/add' } as const;
export const listFavorites = { method: 'GET', path: '/api/favorites/list' } as const;
export const countFavorites = { method: 'GET', path: '/api/favorites/count' } as const;
export const checkFavorite = { method: 'GET', path: '/api/favorites/check/:file_id' } as const;
export const removeFavorite = { method: 'DELETE', path: '/api/favorites/remove/:id' } as const;
export const deleteFavorite = { method: 'DELETE', path: '/api/favorites/:id' } as const;
