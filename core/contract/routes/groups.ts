/** Group chats: method and path of each endpoint (see index.ts). */
export const createGroup = { method: 'POST', path: '/api/groups' } as const;
export const addGroupMember = { method: 'POST', path: '/api/chats/:chat_id/members' } as const;
export const updateGroupMember = { method: 'PATCH', path: '/api/chats/:chat_id/members/:member_id' } as const;
export const removeGroupMember = { method: 'DELETE', path: '/api/chats/:chat_id/members/:member_id' } as const;
