/** Personas: method and path of each endpoint (see index.ts). */
export const listPersonas = { method: 'GET', path: '/api/personas' } as const;
export const createPersona = { method: 'POST', path: '/api/personas' } as const;
export const updatePersona = { method: 'PUT', path: '/api/personas/:id' } as const;
export const deletePersona = { method: 'DELETE', path: '/api/personas/:id' } as const;
export const personaAvatar = { method: 'GET', path: '/api/personas/:id/avatar' } as const;
