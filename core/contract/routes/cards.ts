/** Cards: uploads, the gallery, files, card data, characters, collections: method and path of each endpoint (see index.ts). */
export const upload = { method: 'POST', path: '/api/upload/image' } as const;
export const gallery = { method: 'GET', path: '/api/upload/image' } as const;
export const publicImageFile = { method: 'GET', path: '/api/upload/image/:file_id' } as const;
export const ownImageFile = { method: 'GET', path: '/api/upload/image/user/:file_id' } as const;
export const thumbnail = { method: 'GET', path: '/api/upload/image/thumbnail/:file_id/:width.webp' } as const;
export const cardTags = { method: 'GET', path: '/api/upload/image/tags/:scope/:file_id' } as const;
export const cardJson = { method: 'GET', path: '/api/upload/card/:file_id' } as const;
export const cardExport = { method: 'GET', path: '/api/upload/card/:file_id/download/:format' } as const;
export const deleteUserImage = { method: 'DELETE', path: '/api/upload/images/user/:id' } as const;
export const deletePublicImage = { method: 'DELETE', path: '/api/upload/images/public/:id' } as const;
export const collections = { method: 'GET', path: '/api/collections' } as const;
export const chatCharacters = { method: 'GET', path: '/api/characters' } as const;
export const characterDetails = { method: 'GET', path: '/api/characters/:file_id' } as const;
export const popularTags = { method: 'GET', path: '/api/gallery/tags' } as const;
