/** The account: its data export, password and deletion: method and path of each endpoint (see index.ts). */
export const exportAccount = { method: 'POST', path: '/api/users/me/export' } as const;
export const changePassword = { method: 'POST', path: '/api/users/me/password' } as const;
export const deleteAccount = { method: 'DELETE', path: '/api/users/me' } as const;
