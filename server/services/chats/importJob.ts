/**
 * Chat imports as jobs (server/jobs/README.md). The request only keeps the uploaded files (in the
 * blob store, where any instance finds them) and queues the job; the jobs worker reads them (entries
 * inflated on zlib's thread pool), stores the chats hidden, their messages a step at a time, and
 * shows them and ends the job in one transaction. A run cut short (a crash, a lost lease) is run
 * again from the start: its chats have ids made from the job's, so a new attempt first removes what
 * an earlier one left, and the whole import lands once.
 */
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Job } from '@core/contract';
import { adjustChatTotals, deleteChats, deleteStaleImports, finishImport, insertChat } from '../../db/repositories/chats';
import { insertMembers } from '../../db/repositories/chatMembers';
import { deleteMessages, insertMessages } from '../../db/repositories/messages';
import { chatStoredBytes, messagesStoredBytes } from '../../db/repositories/storage';
import { findUserById } from '../../db/repositories/users';
import type { Message } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import { jobInputKey, removeJobBlobs } from '../../jobs/blobs';
import { enqueueJob } from '../../jobs/queue';
import type { JobKind, JobRun } from '../../jobs/kind';
import type { ServiceContext } from '../context';
import { checkStorageRoom } from '../storage';
import { ACCOUNT_DELETED, lockAccount, type RequestUser } from '../users';
import { isArchiveError, readChatUploads, type ChatArchiveContents } from './archive/index';
import { contentBytes } from './storeMessages';
import { planChats, type PlannedChat, type SkippedItem } from './importPlan';

export const MESSAGE_IMPORTED = 'Chat data has been imported successfully.';

export interface ChatImportPayload {
  inputs: { name: string; key: string }[];
}

/** The most one write of an import stores: a few milliseconds of the database's lock, then others get a turn. */
const IMPORT_STEP = { messages: 500, bytes: 128 * 1024 };

/** The messages in runs of at most IMPORT_STEP, each run one transaction. */
function* importSteps(messages: Message[]): Generator<Message[]> {
  let run: Message[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(message.content);
    if (run.length > 0 && (run.length === IMPORT_STEP.messages || bytes + size > IMPORT_STEP.bytes)) {
      yield run;
      run = [];
      bytes = 0;
    }
    run.push(message);
    bytes += size;
  }
  if (run.length > 0) yield run;
}

/** The id of the job's `index`th chat: the same in every attempt, so a new attempt finds an earlier one's. */
export function importedChatId(jobId: string, index: number): string {
  const hex = createHash('sha256').update(`${jobId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Stores planned chats: hidden (importing) and holding their room in the user's quota under the
 * user's lock; then their messages a step at a time; then shown, in the transaction that ends the job.
 * A failure deletes them again.
 */
async function storeChats(
  ctx: ServiceContext,
  user: Pick<RequestUser, 'id' | 'plan'>,
  planned: PlannedChat[],
  run: JobRun<unknown>,
  result: Pick<Job, 'imported' | 'skipped'>,
) {
  // A chat here already counts; what it gains is its new messages.
  const adding = planned.reduce(
    (sum, { row, messages, appended }) =>
      sum + (appended ? messagesStoredBytes(messages.length, contentBytes(messages)) : chatStoredBytes(row)),
    0,
  );
  const created = planned.filter((chat) => !chat.appended);
  const appended = planned.filter((chat) => chat.appended);
  const ids = created.map(({ row }) => row.id);
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, user.id);
    await checkStorageRoom(trx, user, adding);
    for (const { row, members } of created) {
      await insertChat(trx, row);
      await insertMembers(trx, members);
    }
  });
  try {
    const total = planned.reduce((sum, { messages }) => sum + messages.length, 0);
    let done = 0;
    for (const { messages } of planned) {
      for (const step of importSteps(messages)) {
        run.signal.throwIfAborted();
        await ctx.db.transaction().execute((trx) => insertMessages(trx, step));
        done += step.length;
        run.progress(done, total);
      }
    }
    await ctx.db.transaction().execute(async (trx) => {
      await finishImport(trx, ids);
      const now = new Date().toISOString();
      for (const { row, messages } of appended) {
        const lastMessageAt = messages.reduce((last, m) => (m.send_date > last ? m.send_date : last), row.last_message_at);
        await adjustChatTotals(trx, row.id, { count: messages.length, bytes: contentBytes(messages), lastMessageAt }, now);
      }
      await run.complete(trx, result);
    });
  } catch (error) {
    const cleanUp = async () => {
      await deleteChats(ctx.db, ids);
      await deleteMessages(
        ctx.db,
        appended.flatMap(({ messages }) => messages.map((m) => m.id)),
      );
    };
    await cleanUp().catch((err: unknown) => ctx.log.warn({ err }, 'clean-up after a failed import failed'));
    throw error;
  }
}

async function runImport(ctx: ServiceContext, run: JobRun<ChatImportPayload>): Promise<void> {
  const user = await findUserById(ctx.db, run.userId);
  if (!user || user.deleted_at) throw unauthorized(ACCOUNT_DELETED);
  // A full account is told so before its archive costs any inflating.
  await checkStorageRoom(ctx.db, user, 0);
  const files = await Promise.all(
    run.payload.inputs.map(async ({ name, key }) => {
      const stream = await ctx.blobs.get(key);
      if (!stream) throw new Error(`the upload ${key} of import ${run.id} is missing from the blob store`);
      return { name, bytes: new Uint8Array(await buffer(stream)) };
    }),
  );
  let contents: ChatArchiveContents;
  try {
    contents = await readChatUploads(files);
  } catch (error) {
    if (isArchiveError(error)) throw new AppError(error.status, error.code, error.message);
    throw error;
  }
  run.signal.throwIfAborted();
  const started = new Date();
  const ids = contents.chats.map((_, index) => importedChatId(run.id, index));
  // What an earlier attempt of this job left before it stopped.
  await deleteChats(ctx.db, ids);
  const skipped: SkippedItem[] = [];
  const planned = await planChats(ctx, user, contents, ids, started.toISOString(), skipped);
  await deleteStaleImports(ctx.db, started);
  const imported = planned.map(({ row, messages }) => ({
    chat_id: row.id,
    character_name: row.character_name,
    character_id: row.image_id,
    message_count: messages.length,
  }));
  await storeChats(ctx, user, planned, run, { imported, skipped });
}

/** Imports of one account waiting or running at once: they run one at a time, so more only wait. */
const WAITING_IMPORTS = {
  max: 5,
  refusal: () =>
    new AppError(429, 'imports_waiting', 'Five of your imports are waiting already. Wait for them to finish, then import more.', {
      retryAfterSeconds: 30,
    }),
};

export const chatImportJob: JobKind<ChatImportPayload> = {
  kind: 'chat_import',
  heavy: true,
  maxAttempts: 3,
  retryAfterMs: 10_000,
  run: async (ctx, run) => {
    await runImport(ctx, run);
  },
  ended: (ctx, job) => removeJobBlobs(ctx, job),
};

/**
 * The request's half: keeps the files where any instance finds them and queues the import (the
 * account's imports run one at a time). Answers at once; the job says how it went.
 */
export async function startChatImport(ctx: ServiceContext, user: RequestUser, files: { name: string; bytes: Uint8Array }[]) {
  await checkStorageRoom(ctx.db, user, 0);
  return enqueueJob(ctx, user, chatImportJob, WAITING_IMPORTS, async (jobId) => {
    const inputs = files.map((file, index) => ({ name: file.name, key: jobInputKey(jobId, index) }));
    await Promise.all(files.map((file, index) => ctx.blobs.put(inputs[index]!.key, file.bytes, 'application/octet-stream')));
    return { inputs };
  });
}
