import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isChatFileName, SUPPORTED_CHAT_FORMATS } from '@core/chat/index';
import * as contract from '@core/contract/chats';
import { signedIn } from '../auth/signedIn';
import { AppError, badRequest } from '../errors';
import { exportChat, importChats } from '../services/chats/transfer';
import { MULTIPART_OVERHEAD_BYTES, refuseDeclaredLength } from '../services/uploadForm';

const MESSAGE_NOT_CHAT_FILE = `Choose the chat files to import. ${SUPPORTED_CHAT_FORMATS}`;

const importable = (name: string) => name.toLowerCase().endsWith('.zip') || isChatFileName(name);

/** Export and import of chats: SillyTavern-compatible .zip archives and chat files. */
export const chatTransferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to these routes, like the upload's: nowhere else accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: contract.IMPORT_MAX_BYTES, files: contract.IMPORT_MAX_FILES, fields: 2, parts: contract.IMPORT_MAX_FILES + 2 },
    throwFileSizeLimit: false,
  });

  app.post('/api/chats/export', { preHandler: app.authenticate, schema: contract.exportChat }, async (request, reply) => {
    const { body } = request;
    const { bytes, type, disposition } = await exportChat(request.ctx, signedIn(request), body.chat_id, body.exportfilename, body.format);
    return reply
      .header('content-type', type)
      .header('content-disposition', disposition)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  app.post(
    '/api/chats/import',
    {
      onRequest: async (request) =>
        refuseDeclaredLength(
          request.headers['content-length'],
          contract.IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
          contract.MESSAGE_IMPORT_TOO_LARGE,
        ),
      preHandler: app.authenticate,
      schema: contract.importChats,
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('invalid_upload', MESSAGE_NOT_CHAT_FILE);
      const files: { name: string; bytes: Uint8Array }[] = [];
      let total = 0;
      try {
        for await (const file of request.files()) {
          if (file.fieldname !== 'file') {
            file.file.resume();
            continue;
          }
          if (!importable(file.filename)) {
            file.file.resume();
            throw badRequest('unsupported_format', `'${file.filename}' is not a chat file. ${SUPPORTED_CHAT_FORMATS}`);
          }
          const bytes = await file.toBuffer();
          total += bytes.length;
          if (file.file.truncated || total > contract.IMPORT_MAX_BYTES)
            throw new AppError(413, 'payload_too_large', contract.MESSAGE_IMPORT_TOO_LARGE);
          files.push({ name: file.filename, bytes: new Uint8Array(bytes) });
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
          throw new AppError(413, 'payload_too_large', `One import takes at most ${contract.IMPORT_MAX_FILES} files; zip them together.`);
        }
        throw badRequest('invalid_upload', 'The upload could not be read. Please try again.');
      }
      if (files.length === 0) throw badRequest('invalid_upload', MESSAGE_NOT_CHAT_FILE);
      return importChats(request.ctx, signedIn(request), files);
    },
  );
};
