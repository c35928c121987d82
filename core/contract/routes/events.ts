/** The live event stream: method and path (see index.ts). */
export const events = { method: 'GET', path: '/api/events' } as const;
