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
  let own: BlobStore;
  if (s3) own = new S3BlobStore(s3);
  else {
    const files = new FileBlobStore(path.join(dataDir, 'blobs'));
    const removed = await files.removeUnfinishedWrites();
    if (removed > 0) app.log.info({ removed }, 'removed the temporary files of unfinished blob writes');
    own = files;
  }
  app.decorate('blobs', own);
  app.addHook('onClose', () => own.close());
});
