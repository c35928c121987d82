/** Jobs: long work followed until it ends, and an export's file: method and path of each endpoint (see index.ts). */
export const listJobs = { method: 'GET', path: '/api/jobs' } as const;
export const getJob = { method: 'GET', path: '/api/jobs/:id' } as const;
export const jobFile = { method: 'GET', path: '/api/jobs/:id/file' } as const;
