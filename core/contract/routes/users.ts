/** Health, configuration, the user's profile, storage and plan: method and path of each endpoint (see index.ts). */
export const health = { method: 'GET', path: '/api/health' } as const;
export const clientConfig = { method: 'GET', path: '/api/config' } as const;
export const getProfile = { method: 'GET', path: '/api/users/profile' } as const;
export const updateProfile = { method: 'PUT', path: '/api/users/profile' } as const;
export const storageUsage = { method: 'GET', path: '/api/users/storage' } as const;
export const userType = { method: 'GET', path: '/api/character-replacement/user-type' } as const;
