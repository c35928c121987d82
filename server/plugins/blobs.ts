import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileBlobStore } from '../blobs/files';
import { S3BlobStore } from '../blobs/s3';
import type { S3Settings } from '../blobs/s3Settings';
import type { BlobStore } from '../blobs/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Card PNGs, thumbnails and chat portraits: files under DATA_DIR/blobs, or an S3-compatible bucket. */
    blobs: BlobStore;
  }
}

interface BlobsOptions {
  dataDir: string;
  s3: S3Settings | undefined;
  store?: BlobStore;
}

export const blobsPlugin = fp<BlobsOptions>(async (app: FastifyInstance, { dataDir, s3, store }) => {
  if (store) {
    // A store someone passed in is theirs to close.
    app.decorate('blobs', store);
    return;
  }
  const own: BlobStore = s3 ? new S3BlobStore(s3) : new FileBlobStore(path.join(dataDir, 'blobs'));
  app.decorate('blobs', own);
  app.addHook('onClose', () => own.close());
});
