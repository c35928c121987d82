/** A chat's messages one by one. */
export const getMessage = { method: 'GET', path: '/api/messages/:id' } as const;
export const appendMessage = { method: 'POST', path: '/api/messages' } as const;
export const editMessage = { method: 'PATCH', path: '/api/messages/:id' } as const;
export const deleteMessage = { method: 'DELETE', path: '/api/messages/:id' } as const;
export const deleteMessagesFrom = { method: 'POST', path: '/api/messages/delete-from' } as const;
