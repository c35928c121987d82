import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, TooManyRequestsError, type ErrorBody } from '../errors';
import { outageOf } from '../outages';
import { STORAGE_FULL, STORAGE_FULL_RETRY_AFTER_SECONDS, StorageWatch } from '../storageFull';

/** Seconds a client should wait before trying again after the database or storage was unreachable. */
const OUTAGE_RETRY_AFTER_SECONDS = 2;

/** Retry-After for an outage: a full disk takes longer to clear than a restarting service. */
export const retryAfterOf = (outage: ErrorBody) =>
  String(outage.error === STORAGE_FULL.error ? STORAGE_FULL_RETRY_AFTER_SECONDS : OUTAGE_RETRY_AFTER_SECONDS);

declare module 'fastify' {
  interface FastifyInstance {
    /** Room to write, for /api/health: DATA_DIR's free space and writes refused for lack of it. */
    storageWatch: StorageWatch;
  }
  interface FastifyContextConfig {
    /** What a 413 on this route says, in the route's own words, instead of naming its body limit. */
    payloadTooLargeMessage?: string;
  }
}

/** Fastify's own error codes that are the client's fault, mapped to stable codes of ours. */
function clientErrorCode(error: FastifyError): string {
  if (error.validation) return 'invalid_request';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 'payload_too_large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (error.statusCode === 429) return 'rate_limited';
  return 'bad_request';
}

function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= 1024 * 1024 ? ['MB', 1024 * 1024] : bytes >= 1024 ? ['KB', 1024] : ['bytes', 1];
  return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
}

/**
 * A 413 in words: the route's own (`config.payloadTooLargeMessage`), else its body limit. A content-type
 * parser can have a lower limit than its route (the sign-in forms'), so the route's is named only when
 * the declared length is over it.
 */
function tooLargeMessage(request: FastifyRequest): string {
  const own = request.routeOptions.config.payloadTooLargeMessage;
  if (own) return own;
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  if (limit && declared > limit) return `The request is too large (limit ${formatBytes(limit)}).`;
  return 'The request is too large.';
}

export const errorsPlugin = fp<{ dataDir: string }>(async (app: FastifyInstance, { dataDir }) => {
  const storageWatch = new StorageWatch(dataDir);
  app.decorate('storageWatch', storageWatch);
  // A write that went through means whatever was full has room again (health stops saying degraded).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) storageWatch.noteWritten();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    const outage = outageOf(error);
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: error.code, message: error.message };
      if (error instanceof TooManyRequestsError) void reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = clientErrorCode(error);
      body = { error: code, message: code === 'payload_too_large' ? tooLargeMessage(request) : error.message };
    } else if (outage) {
      request.log.warn({ err: error }, outage.error);
      if (outage.error === STORAGE_FULL.error) storageWatch.noteFull();
      status = 503;
      body = outage;
      void reply.header('retry-after', retryAfterOf(outage));
    } else {
      // Details of a server fault go to the log only: they can hold paths, SQL or secrets.
      request.log.error({ err: error }, 'request failed');
      status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      body = { error: 'server_error', message: 'Server error occurred' };
    }
    void reply.status(status).send(body);
  });
});
