import type { Kysely } from 'kysely';
import type { CompletionResult } from '@core/contract';
import { claimForRetry, findCompletionRequest } from '../../db/repositories/completionRequests';
import { findMessages } from '../../db/repositories/messages';
import type { CompletionRequestRow, Database, Message } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { chatMessageOf } from './wire';

/** A running request not touched for this long was left by an instance that died: it may be retried. */
const ABANDONED_AFTER_MS = 5 * 60_000;
/** How often a running request says it is alive (well inside ABANDONED_AFTER_MS). */
export const HEARTBEAT_MS = 60_000;

/**
 * Requests this instance is answering right now ("user:key"), each with a promise that settles when
 * its reply is stored or given up: those are never taken as abandoned, and what one stored is read after it.
 */
export const answering = new Map<string, Promise<void>>();
export const ledgerKey = (userId: string, key: string) => `${userId}:${key}`;

export const inProgress = () => new AppError(409, 'in_progress', 'This message is still being answered. Please wait for the reply.');

export const superseded = () => new AppError(409, 'superseded', 'This reply has since been deleted or replaced.');

export function resultOf(
  chatId: string,
  messages: { greeting: Message | null; user: Message | null; reply: Message | null },
  usage?: CompletionResult['usage'],
): CompletionResult {
  const content = messages.reply?.content ?? '';
  return {
    message: content,
    content,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    chat_id: chatId,
    greeting: messages.greeting ? chatMessageOf(messages.greeting) : null,
    user_message: messages.user ? chatMessageOf(messages.user) : null,
    reply: messages.reply ? chatMessageOf(messages.reply) : null,
    ...(usage ? { usage } : {}),
  };
}

async function storedResult(db: Kysely<Database>, row: CompletionRequestRow): Promise<CompletionResult> {
  const ids = [row.greeting_message_id, row.user_message_id, row.reply_message_id].filter((id): id is string => id !== null);
  const byId = new Map((await findMessages(db, ids)).map((message) => [message.id, message]));
  const reply = row.reply_message_id ? byId.get(row.reply_message_id) : undefined;
  // A part stored without a reply has none to lose.
  if (!reply && row.kind !== 'part') throw superseded();
  return resultOf(row.chat_id, {
    greeting: (row.greeting_message_id && byId.get(row.greeting_message_id)) || null,
    user: (row.user_message_id && byId.get(row.user_message_id)) || null,
    reply: reply ?? null,
  });
}

/**
 * What the request sent with this key stored, never asking the AI again: read once this instance is
 * done with it (a Stop's abort may be on its way to it), so a reply cut short is answered whole.
 */
export async function storedCompletion(db: Kysely<Database>, userId: string, key: string): Promise<CompletionResult> {
  await answering.get(ledgerKey(userId, key));
  const row = await findCompletionRequest(db, userId, key);
  if (row?.state === 'running') throw inProgress();
  if (row?.state !== 'done') throw notFound('No reply was stored for this request.');
  return storedResult(db, row);
}

export type LedgerState =
  | { kind: 'new' }
  | { kind: 'done'; result: CompletionResult }
  /** A failed or abandoned request this caller has claimed: answer it again with its stored messages. */
  | { kind: 'retry'; row: CompletionRequestRow };

/**
 * What an Idempotency-Key already did. Finished → its stored reply; still running here or elsewhere →
 * 409; failed (or abandoned) → claimed for one more attempt, so racing retries call the AI once.
 */
export async function ledgerState(
  db: Kysely<Database>,
  userId: string,
  key: string,
  asked: { chatId: string; hash: string },
  now: Date,
): Promise<LedgerState> {
  const row = await findCompletionRequest(db, userId, key);
  if (!row) return { kind: 'new' };
  if (row.chat_id !== asked.chatId || row.request_hash !== asked.hash) {
    throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different message.');
  }
  if (row.state === 'done') return { kind: 'done', result: await storedResult(db, row) };
  const abandoned =
    row.state === 'running' && !answering.has(ledgerKey(userId, key)) && now.getTime() - Date.parse(row.updated_at) > ABANDONED_AFTER_MS;
  if (row.state === 'running' && !abandoned) throw inProgress();
  if (!(await claimForRetry(db, row, now.toISOString()))) throw inProgress();
  return { kind: 'retry', row };
}
