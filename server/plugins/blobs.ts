import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileBlobStore } from '../blobs/files';
import type { BlobStore } from '../blobs/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Card PNGs and thumbnails. Files under DATA_DIR/blobs for now; S3 comes later. */
    blobs: BlobStore;
  }
}

export const blobsPlugin = fp<{ dataDir: string; store?: BlobStore }>(async (app: FastifyInstance, { dataDir, store }) => {
  app.decorate('blobs', store ?? new FileBlobStore(path.join(dataDir, 'blobs')));
});
