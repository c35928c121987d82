import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text answers (JSON, HTML) compressed with brotli or gzip when the client accepts it and the body is
 * over 1 KiB: a gallery page or a long card list shrinks several times on a phone's link. What is left
 * alone, and why:
 * - images and archives (PNG, WebP, zip): compressed already, a second pass only costs CPU;
 * - `text/event-stream`: a reply streams through `reply.hijack()` (services/chats/sse.ts), which no
 *   onSend hook sees, and a compressor would hold tokens back until its buffer fills anyway;
 * - the built app's files: compressed once at build (server/plugins/static.ts sends those copies),
 *   and an answer that already has a Content-Encoding is passed through as is;
 * - request bodies: never inflated, so a small gzip body cannot expand past the body limits.
 */
const TEXT_TYPES = /^text\/(?!event-stream)|^application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)(?:;|$)|^image\/svg\+xml(?:;|$)/;
const THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

// Quality 4, @fastify/compress's own default: near gzip's speed with smaller output.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body),
};

function addVary(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b|\*/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * A body a route sends again and again as the same Buffer (the gallery's cached page,
 * db/galleryCache.ts) is compressed once per encoding and the copy reused while the Buffer lives:
 * compressing the page on every request would cost more than the cache saves.
 */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

function compressedCopy(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let made = copies.get(body);
  if (!made) copies.set(body, (made = {}));
  return (made[encoding] ??= compressors[encoding](body));
}

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!Buffer.isBuffer(payload) || payload.length < THRESHOLD || reply.hasHeader('content-encoding')) return payload;
    if (!TEXT_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]);
    if (!encoding) return payload;
    const body = await compressedCopy(payload, encoding);
    addVary(reply);
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });

  // Everything else, each answer compressed as it goes out (it runs after the hook above, which is
  // app-wide, and leaves alone what that hook already encoded).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: THRESHOLD,
    encodings: [...ENCODINGS],
    customTypes: TEXT_TYPES,
    brotliOptions: BROTLI,
  });
});
