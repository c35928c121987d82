import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { MESSAGE_TOO_LARGE } from '@core/card/index';
import * as contract from '@core/contract/cards';
import * as cardEdits from '@core/contract/cardEdits';
import { GALLERY_SORTS } from '@core/contract/constants';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { cachedGalleryPage } from '../db/galleryCache';
import { strictValidatorCompiler } from '../lazySchemas';
import { badRequest } from '../errors';
import { editCard, MESSAGE_EDIT_TOO_LARGE, MESSAGE_SAVED } from '../services/cardEdits';
import { viewerOf } from '../services/cardHits';
import { removeImage } from '../services/images/delete';
import { imageFile, thumbnailFile } from '../services/images/files';
import { galleryPage, isSharedPage } from '../services/discovery';
import { cardJson, cardTags } from '../services/images/reads';
import { MESSAGE_NO_FILE, MULTIPART_OVERHEAD_BYTES, readUploadForm, refuseDeclaredLength, UPLOAD_LIMITS } from '../services/uploadForm';
import { MESSAGE_UPLOADED, uploadCard } from '../services/uploads';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** Fastify's own type for JSON it serialises; a string sent with it goes out as it is. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** As every answer to a request with a token (plugins/security.ts): kept by no cache. */
const PRIVATE_CACHE = 'no-store';

/** Who downloads, when the query asks for a download (counted once a day, services/cardHits.ts); null otherwise. */
const downloaderOf = (download: string | undefined, request: FastifyRequest) =>
  download === '1' || download === 'true' ? viewerOf(request.user, request.ip) : null;

/** Uploads, the public gallery, card images and thumbnails, card data, deletes. */
export const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to these routes: nowhere else accepts multipart bodies.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });

  app.route({
    ...endpoint(contract.upload, { consumes: ['multipart/form-data'] }),
    onRequest: async (request) =>
      refuseDeclaredLength(request.headers['content-length'], UPLOAD_LIMITS.fileSize + MULTIPART_OVERHEAD_BYTES, MESSAGE_TOO_LARGE),
    preHandler: app.authenticate,
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('invalid_upload', MESSAGE_NO_FILE);
      const form = await readUploadForm(request.parts());
      const data = await uploadCard(request.ctx, signedIn(request), form);
      return { success: true as const, message: MESSAGE_UPLOADED, data };
    },
  });

  app.route({
    ...endpoint(contract.gallery),
    // Only what NSFW cards a list shows depends on who asks, so only then is the token read.
    preHandler: async (request) => {
      if (request.query.nsfw === '1') await app.authenticateIfPresent(request);
    },
    handler: async (request, reply) => {
      if (!isSharedPage(request.query)) return galleryPage(request.ctx, request.query, request.user);
      const { sort = GALLERY_SORTS[0], limit, offset } = request.query;
      // reply.serialize is the route's response schema serialiser (it makes a string): a cached body is
      // byte for byte what Fastify would send. Kept as bytes, so each answer writes them without encoding.
      const body = await cachedGalleryPage(request.ctx.db, { sort, limit, offset }, async () =>
        Buffer.from(reply.serialize(await galleryPage(request.ctx, request.query, null)) as string),
      );
      // The bytes are that response, serialised already: the type provider knows only the object.
      return reply.type(JSON_TYPE).send(body as unknown as contract.PublicImagesResponse);
    },
  });

  app.route({
    ...endpoint(contract.publicImageFile),
    handler: async (request, reply) => {
      const file = await imageFile(request.ctx, 'public', request.params.file_id, null, downloaderOf(request.query.download, request));
      if (file.disposition) void reply.header('content-disposition', file.disposition);
      return reply.type('image/png').header('cache-control', PUBLIC_CACHE).send(file.body);
    },
  });

  app.route({
    ...endpoint(contract.ownImageFile),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const file = await imageFile(
        request.ctx,
        'user',
        request.params.file_id,
        signedIn(request),
        downloaderOf(request.query.download, request),
      );
      if (file.disposition) void reply.header('content-disposition', file.disposition);
      return reply.type('image/png').header('cache-control', PRIVATE_CACHE).send(file.body);
    },
  });

  app.route({
    ...endpoint(contract.thumbnail),
    preHandler: app.authenticateIfPresent,
    handler: async (request, reply) => {
      const stream = await thumbnailFile(request.ctx, request.params.file_id, request.params.width, request.user);
      // Whether it is public is known only after the lookup; a private thumbnail must not sit in shared caches.
      const cache = request.user ? PRIVATE_CACHE : PUBLIC_CACHE;
      return reply.type('image/webp').header('cache-control', cache).send(stream);
    },
  });

  app.route({
    ...endpoint(contract.cardTags),
    preHandler: async (request) => {
      const scope = (request.params as { scope?: string }).scope;
      if (scope === 'user') await app.authenticate(request);
    },
    handler: async (request) => cardTags(request.ctx, request.params.scope, request.params.file_id, request.user),
  });

  app.route({
    ...endpoint(contract.cardJson),
    preHandler: app.authenticateIfPresent,
    handler: async (request) => cardJson(request.ctx, request.params.file_id, request.user),
  });

  // The character editor's save: the owner's card rewritten under the same file id.
  app.route({
    ...endpoint(cardEdits.editCard),
    preHandler: app.authenticate,
    bodyLimit: cardEdits.CARD_EDIT_BODY_LIMIT,
    config: { payloadTooLargeMessage: MESSAGE_EDIT_TOO_LARGE },
    validatorCompiler: strictValidatorCompiler,
    handler: async (request) => {
      const data = await editCard(request.ctx, signedIn(request), request.params.file_id, request.body);
      return { success: true as const, message: MESSAGE_SAVED, data };
    },
  });

  for (const [scope, deleteImage] of [
    ['user', contract.deleteUserImage],
    ['public', contract.deletePublicImage],
  ] as const) {
    app.route({
      ...endpoint(deleteImage),
      preHandler: app.authenticate,
      handler: async (request) => {
        await removeImage(request.ctx, scope, request.params.id, signedIn(request));
        return { success: true, message: 'Image deleted successfully' };
      },
    });
  }
};
