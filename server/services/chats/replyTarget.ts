/** What a reply is written into (a new message, a new version, more of the last reply), settled from the chat's rows. */
import type { Kysely, Transaction } from 'kysely';
import { lastSeqOfRole, messagesBefore, findMessages } from '../../db/repositories/messages';
import type { CompletionRequestRow, Database, Message } from '../../db/schema';
import { badRequest } from '../../errors';
import { superseded } from './completionLedger';

/**
 * Where the reply goes: a new message; a new version of the chat's last reply (a regeneration:
 * SillyTavern's swipe to the right); or more of the last reply (continue), which the prompt ends with.
 */
export type ReplyTarget = { kind: 'new' } | { kind: 'swipe'; message: Message } | { kind: 'continue'; message: Message };

/** The target, and the seq of the last message the prompt carries. */
export interface SettledTarget {
  answersSeq: number;
  target: ReplyTarget;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A reply the request works on again: the prompt is everything before it. */
const onReply = (kind: 'swipe' | 'continue', reply: Message) => ({ answersSeq: reply.seq - 1, target: { kind, message: reply } });

/**
 * What a regeneration or a continuation works on: the chat's last message. Continue needs it to be
 * the character's. A regeneration makes a new version of it when it is a reply to the user's last
 * message, else (the chat ends with the user's message, e.g. after Stop) a reply to that message.
 */
export async function settleTarget(db: Db, chatId: string, kind: 'regenerate' | 'continue'): Promise<SettledTarget> {
  const [last] = await messagesBefore(db, chatId, 1);
  if (kind === 'continue') {
    if (last?.role !== 'assistant') throw badRequest('nothing_to_continue', "There is no reply of the character's to continue.");
    return onReply('continue', last);
  }
  const userSeq = await lastSeqOfRole(db, chatId, 'user');
  if (userSeq === undefined || !last) throw badRequest('nothing_to_regenerate', 'There is no reply to regenerate yet.');
  if (last.role === 'assistant' && last.seq > userSeq) return onReply('swipe', last);
  return { answersSeq: last.seq, target: { kind: 'new' } };
}

/** What a retried request works on: what its first attempt settled (a reply deleted since is superseded). */
export async function retriedTarget(db: Db, row: CompletionRequestRow, userMessage: Message | null): Promise<SettledTarget> {
  // A part is stored done, with no reply to retry; were one ever retried, it answers its message.
  if (row.kind === 'message' || row.kind === 'part') {
    if (!userMessage) throw superseded();
    return { answersSeq: userMessage.seq, target: { kind: 'new' } };
  }
  if (!row.reply_message_id) return settleTarget(db, row.chat_id, row.kind);
  const [reply] = await findMessages(db, [row.reply_message_id]);
  if (!reply) throw superseded();
  return onReply(row.kind === 'continue' ? 'continue' : 'swipe', reply);
}
