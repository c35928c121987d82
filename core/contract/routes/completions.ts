/** Replies of the AI. */
export const completion = { method: 'POST', path: '/api/chat/completions' } as const;
export const storedCompletion = { method: 'GET', path: '/api/chat/completions/:id' } as const;
