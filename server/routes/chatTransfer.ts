import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '../../core/contract/chats';
import { signedIn } from '../auth/signedIn';
import { AppError, badRequest } from '../errors';
import { exportChat, importChats } from '../services/chats/transfer';
import { MULTIPART_OVERHEAD_BYTES, refuseDeclaredLength } from '../services/uploadForm';

/** A zipped archive may be at most this big; what it inflates to is limited separately. */
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
const MESSAGE_NOT_ZIP_FILE = 'Only .zip files can be imported.';
const MESSAGE_ARCHIVE_TOO_LARGE = 'The archive is larger than 50 MB.';

/** Export and import of chats as SillyTavern-compatible .zip archives. */
export const chatTransferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to these routes, like the upload's: nowhere else accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 }, throwFileSizeLimit: false });

  app.post(
    '/api/chats/export',
    { preHandler: app.authenticate, schema: contract.exportChat },
    async (request, reply) => {
      const { bytes, disposition } = await exportChat(request.ctx, signedIn(request), request.body.chat_id, request.body.exportfilename);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', disposition)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    '/api/chats/import',
    {
      onRequest: async (request) =>
        refuseDeclaredLength(request.headers['content-length'], IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, MESSAGE_ARCHIVE_TOO_LARGE),
      preHandler: app.authenticate,
      schema: contract.importChats,
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('invalid_upload', MESSAGE_NOT_ZIP_FILE);
      let file;
      try {
        file = await request.file();
      } catch {
        throw badRequest('invalid_upload', 'The upload could not be read. Please try again.');
      }
      if (!file || file.fieldname !== 'file') throw badRequest('invalid_upload', 'Choose a .zip file to import.');
      if (!file.filename.toLowerCase().endsWith('.zip')) {
        file.file.resume();
        throw badRequest('not_zip', MESSAGE_NOT_ZIP_FILE);
      }
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError(413, 'payload_too_large', MESSAGE_ARCHIVE_TOO_LARGE);
      return importChats(request.ctx, signedIn(request), new Uint8Array(bytes));
    },
  );
};
