/**
 * A chat's running summary as its owner sees and steers it: read, edited or switched off (a PUT that
 * means the same when sent twice), written again (Regenerate), and asked for after a reply once
 * history has started to fall out of the prompt (summaryJob.ts writes it).
 */
import { summaryDue, summaryOf, withSummary, type BuiltPrompt } from '@core/chat/index';
import type { ChatSummary, PutChatSummary } from '@core/contract';
import { findOwnChat } from '../../../db/repositories/chats';
import type { Chat, Message } from '../../../db/schema';
import { AppError } from '../../../errors';
import { enqueueJob, type OpenJobsLimit } from '../../../jobs/queue';
import type { ServiceContext } from '../../context';
import type { RequestUser } from '../../users';
import { chatNotFound } from '../reads';
import { metadataOf } from '../timedLore';
import { changeChatMetadata } from './metadata';
import { chatSummaryJob } from './summaryJob';

/** One summary at a time per account: another is asked for at a later reply. */
const ONE_AT_A_TIME: OpenJobsLimit = {
  max: 1,
  refusal: () => new AppError(409, 'summary_running', 'A summary is being written. Please wait for it.'),
};

export async function chatSummary(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatSummary> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  return summaryOf(metadataOf(chat.chat_metadata));
}

/** The person's text and switch; an edit counts as theirs (no longer the demo's). */
export async function putChatSummary(ctx: ServiceContext, user: RequestUser, chatId: string, body: PutChatSummary): Promise<ChatSummary> {
  let after = summaryOf({});
  await changeChatMetadata(ctx, user, chatId, (metadata) => {
    const before = summaryOf(metadata);
    const text = body.text.trim();
    const same = text === before.text && body.off === before.off;
    after = same
      ? before
      : { ...before, text, off: body.off, demo: text === before.text && before.demo, updated_at: new Date().toISOString() };
    return withSummary(metadata, after);
  });
  return after;
}

/** Writes the summary again from the messages it covers; 409 while nothing has left the prompt yet or one is being written. */
export async function regenerateChatSummary(ctx: ServiceContext, user: RequestUser, chatId: string) {
  const summary = await chatSummary(ctx, user, chatId);
  if (summary.off) throw new AppError(409, 'summary_off', 'Summaries are off for this chat: turn them on first.');
  if (summary.covers === 0)
    throw new AppError(409, 'summary_nothing', 'Nothing has left the prompt yet, so there is nothing to summarize.');
  return enqueueJob(ctx, user, chatSummaryJob, ONE_AT_A_TIME, async () => ({ chat_id: chatId, upto: summary.covers, fresh: true }));
}

/**
 * After a reply is stored: when messages have left the prompt (outside the history it read, or left
 * out to fit), a summary job is added, counted against the person's limit on replies. It never holds
 * up or fails the reply: past the limit, while another is written or on any error, it waits for a
 * later reply.
 */
export async function summarizeIfDue(
  ctx: ServiceContext,
  user: RequestUser,
  chat: Chat,
  read: readonly Message[],
  prompt: Pick<BuiltPrompt, 'droppedHistory'>,
  ownKey: boolean,
): Promise<void> {
  try {
    const visible = read.filter((m) => !Number(m.hidden));
    const firstKept = visible[prompt.droppedHistory]?.seq;
    if (firstKept === undefined) return;
    // Read again: the person may have switched it off or edited it since the chat was read.
    const now = await findOwnChat(ctx.db, user.id, chat.id);
    const upto = now && summaryDue(summaryOf(metadataOf(now.chat_metadata)), firstKept);
    if (!upto) return;
    // A person's own key pays for their summaries as for their replies: no operator's limit to count.
    if (!ownKey && ctx.limits && !(await ctx.limits.completion(user.id))) return;
    await enqueueJob(ctx, user, chatSummaryJob, ONE_AT_A_TIME, async () => ({ chat_id: chat.id, upto, fresh: false }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'summary_running') return;
    ctx.log.warn({ err: error, chatId: chat.id }, 'Could not ask for the chat’s summary');
  }
}
