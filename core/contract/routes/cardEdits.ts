/** The character editor's save and portrait. */
export const editCard = { method: 'PUT', path: '/api/upload/card/:file_id' } as const;
export const characterPhoto = { method: 'POST', path: '/api/characters/photo' } as const;
