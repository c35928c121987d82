import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorBody } from '../errors';

/** Fastify's own error codes that are the client's fault, mapped to stable codes of ours. */
function clientErrorCode(error: FastifyError): string {
  if (error.validation) return 'invalid_request';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 'payload_too_large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (error.statusCode === 429) return 'rate_limited';
  return 'bad_request';
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: error.code, message: error.message };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: clientErrorCode(error), message: error.message };
    } else {
      // Details of a server fault go to the log only: they can hold paths, SQL or secrets.
      request.log.error({ err: error }, 'request failed');
      status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      body = { error: 'server_error', message: 'Server error occurred' };
    }
    void reply.status(status).send(body);
  });
});
