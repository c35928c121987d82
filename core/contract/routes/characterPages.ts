/** A character's page as the API describes it: method and path of its endpoint (see index.ts). */
export const characterPage = { method: 'GET', path: '/api/character-pages/:file_id' } as const;
