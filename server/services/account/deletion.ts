import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeleteAccountRequest, DeleteAccountResponse } from '@core/contract';
import {
  adoptPublicImages,
  chatBatch,
  deleteOwnedChats,
  deleteOwnedImages,
  deleteOwnedPersonas,
  deleteRevisions,
  deleteUserFavorites,
  deleteUserIfEmpty,
  ownedImageBatch,
  personaBatch,
  revisionBatch,
} from '../../db/repositories/accountData';
import {
  markDeletionFinished,
  noteDeletionAttempt,
  pruneFinishedDeletions,
  recordAccountDeletion,
} from '../../db/repositories/accountDeletions';
import { failQueuedJobs, insertJob, userJobs, deleteJobs } from '../../db/repositories/jobs';
import { deleteViewerHits } from '../../db/repositories/cardHits';
import { deleteLocalAccount } from '../../db/repositories/localAccounts';
import { endAccountSessions } from '../../db/repositories/oidcPayloads';
import type { Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { removeJobBlobs } from '../../jobs/blobs';
import type { JobKind } from '../../jobs/kind';
import { accountViewer } from '../cardHits';
import type { ServiceContext } from '../context';
import { galleryAccount } from '../galleryAccount';
import { blobKeysOf } from '../images/delete';
import { ownBlobs } from '../publishing/revisions';
import { embeddedAccountId, issuerHost } from './embedded';
import { ACCOUNT_DELETED, type RequestUser } from '../users';

/** Rows per step: small enough that no step holds a lock or a list for long, big enough to be quick. */
const BATCH = 200;
/** Blob deletes in flight at once: an S3 bucket answers them in parallel. */
const BLOB_CONCURRENCY = 8;

/** What the person types to confirm: the account's e-mail, or this word for an account without one. */
export const CONFIRM_WITHOUT_EMAIL = 'delete';

export const deletionMessages = {
  mismatch: "That doesn't match your account's e-mail address. Type it exactly to confirm.",
  mismatchWord: `Type "${CONFIRM_WITHOUT_EMAIL}" to confirm.`,
  deleted: 'Your account and everything in it have been deleted.',
  external: (host: string) =>
    `Your cardchat account and everything in it have been deleted. You signed in through ${host}: that sign-in account is managed there, and cardchat cannot delete it.`,
} as const;

/**
 * Records the deletion and makes the account unusable, all in one transaction, before anything is
 * removed: the user row is marked (the API refuses its tokens from now on), the embedded sign-in
 * account goes (no new sign-in, its reset links with it), and its sessions, grants and refresh
 * tokens are deleted (a refresh fails at once), and the job that deletes the data is queued
 * (accountDeletionJob), which any instance resumes if this one dies first: never a half-deleted
 * account that signs in.
 */
export async function requestAccountDeletion(
  ctx: ServiceContext,
  user: RequestUser,
  request: DeleteAccountRequest,
): Promise<DeleteAccountResponse> {
  const typed = request.confirmation.trim().toLowerCase();
  if (user.email ? typed !== user.email.toLowerCase() : typed !== CONFIRM_WITHOUT_EMAIL) {
    throw badRequest('confirmation_mismatch', user.email ? deletionMessages.mismatch : deletionMessages.mismatchWord);
  }
  const accountId = embeddedAccountId(ctx, user);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (await recordAccountDeletion(trx, user, now)) {
      await insertJob(trx, { id: randomUUID(), kind: accountDeletionJob.kind, userId: user.id, heavy: false, payload: {}, now });
      // Imports and exports still waiting are moot; one already running fails at its next write.
      await failQueuedJobs(trx, user.id, { status: 401, code: 'unauthorized', message: ACCOUNT_DELETED }, now);
    }
    if (accountId) {
      await endAccountSessions(trx, accountId);
      await deleteLocalAccount(trx, accountId);
    }
  });
  ctx.jobs.wake();
  return accountId
    ? { success: true, message: deletionMessages.deleted, sign_in_account: 'deleted' }
    : { success: true, message: deletionMessages.external(issuerHost(ctx)), sign_in_account: 'external' };
}

/** Deletes blobs, `BLOB_CONCURRENCY` at a time; any failure stops the step, to be tried again. */
async function deleteBlobs(ctx: ServiceContext, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BLOB_CONCURRENCY) {
    await Promise.all(keys.slice(start, start + BLOB_CONCURRENCY).map((key) => ctx.blobs.delete(key)));
  }
}

/** Runs `step` on batches until it finds nothing; `stop` ends it early between batches (a shutdown). */
async function inBatches<T>(load: () => Promise<T[]>, step: (rows: T[]) => Promise<void>, stop: () => boolean): Promise<boolean> {
  for (;;) {
    if (stop()) return false;
    const rows = await load();
    if (rows.length === 0) return true;
    await step(rows);
  }
}

/**
 * Deletes everything of a user whose deletion was recorded. Every step is safe to repeat (blobs go
 * before the rows that name them, so a crash in between leaves rows to find again, never blobs
 * nobody knows of), so a run cut short is simply run again. True once the user row is gone; false
 * when `stop` asked it to end early.
 */
export async function finishAccountDeletion(ctx: ServiceContext, userId: string, stop: () => boolean = () => false): Promise<boolean> {
  const db: Kysely<Database> = ctx.db;
  for (;;) {
    // Edits waiting for review go first: a public card adopted below must not keep its old owner's.
    const revisions = await inBatches(
      () => revisionBatch(db, userId, BATCH),
      async (rows) => {
        await deleteBlobs(
          ctx,
          rows.flatMap((row) => ownBlobs(row, { blob_key: row.card_blob_key, thumb_keys: row.card_thumb_keys })),
        );
        await deleteRevisions(
          db,
          userId,
          rows.map((row) => row.image_id),
        );
      },
      stop,
    );
    if (!revisions) return false;
    // An administrator's public cards stay in the gallery, under the gallery's own account.
    await adoptPublicImages(db, userId, async () => (await galleryAccount(db)).id);
    const images = await inBatches(
      () => ownedImageBatch(db, userId, BATCH),
      async (rows) => {
        await deleteBlobs(ctx, rows.flatMap(blobKeysOf));
        await deleteOwnedImages(
          db,
          userId,
          rows.map((row) => row.id),
        );
      },
      stop,
    );
    if (!images) return false;
    const chats = await inBatches(
      () => chatBatch(db, userId, BATCH),
      async (rows) => {
        await deleteBlobs(
          ctx,
          rows.flatMap((row) => (row.portrait_key ? [row.portrait_key] : [])),
        );
        await deleteOwnedChats(
          db,
          userId,
          rows.map((row) => row.id),
        );
      },
      stop,
    );
    if (!chats) return false;
    // After the chats, so none is left naming a persona; their avatars go before the rows, like the portraits.
    const personas = await inBatches(
      () => personaBatch(db, userId, BATCH),
      async (rows) => {
        await deleteBlobs(
          ctx,
          rows.flatMap((row) => (row.avatar_key ? [row.avatar_key] : [])),
        );
        await deleteOwnedPersonas(
          db,
          userId,
          rows.map((row) => row.id),
        );
      },
      stop,
    );
    if (!personas) return false;
    await deleteUserFavorites(db, userId);
    await deleteViewerHits(db, accountViewer(userId));
    if (await deleteUserIfEmpty(db, userId)) break;
  }
  await markDeletionFinished(db, userId, new Date().toISOString());
  return true;
}

/** A finished record outlives every access token issued before it (15 minutes here; an external issuer's are rarely over a day). */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

/**
 * The account's other jobs, once nothing can add more: the files they kept (an import's uploads, an
 * export) and their rows.
 */
async function deleteUserJobs(ctx: ServiceContext, userId: string, except: string): Promise<void> {
  for (;;) {
    const jobs = (await userJobs(ctx.db, userId, '', BATCH)).filter((job) => job.id !== except && job.state !== 'running');
    if (jobs.length === 0) return;
    for (const job of jobs) await removeJobBlobs(ctx, job);
    await deleteJobs(
      ctx.db,
      jobs.map((job) => job.id),
    );
  }
}

/**
 * Deletes a recorded deletion's data (finishAccountDeletion), tried again every minute until it gets
 * through (an unreachable bucket), by whichever instance holds it.
 */
export const accountDeletionJob: JobKind = {
  kind: 'account_deletion',
  heavy: false,
  maxAttempts: Number.POSITIVE_INFINITY,
  retryAfterMs: 60_000,
  async run(ctx, run) {
    try {
      if (!(await finishAccountDeletion(ctx, run.userId, () => run.signal.aborted))) run.signal.throwIfAborted();
      await deleteUserJobs(ctx, run.userId, run.id);
    } catch (error) {
      if (!run.signal.aborted) {
        await noteDeletionAttempt(ctx.db, run.userId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
      }
      throw error;
    }
    await pruneFinishedDeletions(ctx.db, new Date(Date.now() - KEEP_FINISHED_MS).toISOString());
    return {};
  },
};
