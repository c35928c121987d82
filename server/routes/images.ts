import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { viewerOf } from '../services/cardHits';
import { THUMBNAIL_WIDTHS } from '../services/thumbnails';
import { badRequest } from '../errors';
import {
  cardJson,
  cardTags,
  galleryPage,
  imageFile,
  removeImage,
  thumbnailFile,
} from '../services/images';
import { cachedGalleryPage } from '../db/galleryCache';
import { MESSAGE_TOO_LARGE } from '../../core/card/index';
import {
  MESSAGE_NO_FILE,
  MESSAGE_UPLOADED,
  MULTIPART_OVERHEAD_BYTES,
  readUploadForm,
  refuseDeclaredLength,
  UPLOAD_LIMITS,
  uploadCard,
} from '../services/uploads';
import {
  cardSchema,
  cardTagsSchema,
  collectionItemSchema,
  fileIdParams,
  idParams,
  publicImageSchema,
  successSchema,
} from './schemas';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** Fastify's own type for JSON it serialises; a string sent with it goes out as it is. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** As every answer to a request with a token (plugins/security.ts): kept by no cache. */
const PRIVATE_CACHE = 'no-store';

const downloadQuery = {
  type: 'object',
  properties: { download: { type: 'string', enum: ['0', '1', 'true', 'false'] } },
} as const;

/** Who downloads, when the query asks for a download; null otherwise. */
const downloaderOf = (request: FastifyRequest<{ Querystring: { download?: string } }>) =>
  request.query.download === '1' || request.query.download === 'true' ? viewerOf(request.user, request.ip) : null;

/** Uploads, the public gallery, card images and thumbnails, card data, deletes (spec §7 "Images and uploads"). */
export async function imageRoutes(app: FastifyInstance) {
  // Scoped to these routes: nowhere else accepts multipart bodies.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });

  app.post(
    '/api/upload/image',
    {
      onRequest: async (request) =>
        refuseDeclaredLength(request.headers['content-length'], UPLOAD_LIMITS.fileSize + MULTIPART_OVERHEAD_BYTES, MESSAGE_TOO_LARGE),
      preHandler: app.authenticate,
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          200: {
            type: 'object',
            properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: collectionItemSchema },
          },
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('invalid_upload', MESSAGE_NO_FILE);
      const form = await readUploadForm(request.parts());
      const data = await uploadCard(
        { db: app.db.kysely, blobs: app.blobs, log: (err) => request.log.warn({ err }, 'blob cleanup failed') },
        request.user!,
        form,
      );
      return { success: true, message: MESSAGE_UPLOADED, data };
    },
  );

  app.get<{ Querystring: { limit: number; offset: number; q?: string } }>(
    '/api/upload/image',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
            q: { type: 'string', maxLength: 200, pattern: '^[^\\x00]*$' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'array', items: publicImageSchema },
              total: { type: 'integer' },
              limit: { type: 'integer' },
              offset: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { limit, offset, q } = request.query;
      if (q?.trim()) return galleryPage(app.db.kysely, request.query);
      // reply.serialize is the route's response schema serialiser (it makes a string): a cached body is
      // byte for byte what Fastify would send. Kept as bytes, so each answer writes them without encoding.
      const body = await cachedGalleryPage(app.db.kysely, limit, offset, async () =>
        Buffer.from(reply.serialize(await galleryPage(app.db.kysely, { limit, offset })) as string),
      );
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.get<{ Params: { file_id: string }; Querystring: { download?: string } }>(
    '/api/upload/image/:file_id',
    { schema: { params: fileIdParams, querystring: downloadQuery } },
    async (request, reply) => {
      const file = await imageFile(app.db.kysely, app.blobs, 'public', request.params.file_id, null, downloaderOf(request));
      if (file.disposition) void reply.header('content-disposition', file.disposition);
      return reply.type('image/png').header('cache-control', PUBLIC_CACHE).send(file.stream);
    },
  );

  app.get<{ Params: { file_id: string }; Querystring: { download?: string } }>(
    '/api/upload/image/user/:file_id',
    {
      preHandler: app.authenticate,
      schema: {
        params: fileIdParams,
        // user_id / user_email are what older clients send; identity comes from the token only.
        querystring: { ...downloadQuery, properties: { ...downloadQuery.properties, user_id: { type: 'string' }, user_email: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const file = await imageFile(
        app.db.kysely,
        app.blobs,
        'user',
        request.params.file_id,
        request.user,
        downloaderOf(request),
      );
      if (file.disposition) void reply.header('content-disposition', file.disposition);
      return reply.type('image/png').header('cache-control', PRIVATE_CACHE).send(file.stream);
    },
  );

  app.get<{ Params: { file_id: string; width: number } }>(
    '/api/upload/image/thumbnail/:file_id/:width.webp',
    {
      preHandler: app.authenticateIfPresent,
      schema: {
        params: {
          type: 'object',
          required: ['file_id', 'width'],
          properties: { ...fileIdParams.properties, width: { type: 'integer', enum: [...THUMBNAIL_WIDTHS] } },
        },
      },
    },
    async (request, reply) => {
      const stream = await thumbnailFile(app.db.kysely, app.blobs, request.params.file_id, request.params.width, request.user);
      // Whether it is public is known only after the lookup; a private thumbnail must not sit in shared caches.
      const cache = request.user ? PRIVATE_CACHE : PUBLIC_CACHE;
      return reply.type('image/webp').header('cache-control', cache).send(stream);
    },
  );

  app.get<{ Params: { scope: 'public' | 'user'; file_id: string } }>(
    '/api/upload/image/tags/:scope/:file_id',
    {
      preHandler: async (request) => {
        const scope = (request.params as { scope?: string }).scope;
        if (scope === 'user') await app.authenticate(request);
      },
      schema: {
        params: {
          type: 'object',
          required: ['scope', 'file_id'],
          properties: { scope: { type: 'string', enum: ['public', 'user'] }, ...fileIdParams.properties },
        },
        response: { 200: cardTagsSchema },
      },
    },
    async (request) => cardTags(app.db.kysely, request.params.scope, request.params.file_id, request.user),
  );

  app.get<{ Params: { file_id: string } }>(
    '/api/upload/card/:file_id',
    { preHandler: app.authenticateIfPresent, schema: { params: fileIdParams, response: { 200: cardSchema } } },
    async (request) => cardJson(app.db.kysely, request.params.file_id, request.user),
  );

  for (const scope of ['user', 'public'] as const) {
    app.delete<{ Params: { id: string } }>(
      `/api/upload/images/${scope}/:id`,
      { preHandler: app.authenticate, schema: { params: idParams, response: { 200: successSchema } } },
      async (request) => {
        await removeImage(app.db.kysely, app.blobs, scope, request.params.id, request.user!, (err) =>
          request.log.warn({ err }, 'blob delete failed'),
        );
        return { success: true, message: 'Image deleted successfully' };
      },
    );
  }
}
