/** Publishing with review, the administrators' queue, and reports: method and path of each endpoint (see index.ts). */
export const submitCard = { method: 'POST', path: '/api/publishing/:file_id/submit' } as const;
export const unpublishCard = { method: 'POST', path: '/api/publishing/:file_id/unpublish' } as const;
export const report = { method: 'POST', path: '/api/reports' } as const;
export const reviewQueue = { method: 'GET', path: '/api/admin/review' } as const;
export const reviewPicture = { method: 'GET', path: '/api/admin/review/:file_id/picture' } as const;
export const approveCard = { method: 'POST', path: '/api/admin/review/:file_id/approve' } as const;
export const rejectCard = { method: 'POST', path: '/api/admin/review/:file_id/reject' } as const;
export const unpublishAsAdmin = { method: 'POST', path: '/api/admin/review/:file_id/unpublish' } as const;
export const dismissReport = { method: 'POST', path: '/api/admin/reports/:id/dismiss' } as const;
