/** A prepared completion's reply: asked of the AI, streamed, and stored once whole. */
import type { Transaction } from 'kysely';
import { characterDisplayName } from '@core/card/index';
import {
  authorsNoteOf,
  buildPrompt,
  memoriesOf,
  promptSummary,
  stoppedSwipeAfter,
  type TimedWorldInfo,
  withContinuation,
  withNewSwipe,
} from '@core/chat/index';
import type { CompletionResult } from '@core/contract';
import type { Reasoning, ReplyPiece } from '@core/chat/reasoning';
import { buildGroupPrompt } from '@core/group/index';
import { speakerName } from '../groups/speaker';
import { adjustChatTotals, lockChat } from '../../db/repositories/chats';
import { touchCompletionRequest, updateCompletionRequest } from '../../db/repositories/completionRequests';
import { findMessages, messagesBefore, nextSeq, updateMessage } from '../../db/repositories/messages';
import type { Database, Message } from '../../db/schema';
import { AppError } from '../../errors';
import { emitEvent } from '../../events/emit';
import { deltaRelay } from '../../events/deltas';
import { outageOf } from '../../outages';
import { replyWriterFor } from '../aiKeys/ownAi';
import { generationOf } from '../aiSettings/settings';
import type { ServiceContext } from '../context';
import { answering, HEARTBEAT_MS, ledgerKey, resultOf, superseded } from './completionLedger';
import { HISTORY_LIMIT, type CompletionJob } from './completions';
import { message } from './messageRow';
import { messageBytes, storeMessages, swipeColumns, swipeFieldsOf } from './storeMessages';
import { chatMessageOf } from './wire';
import { keepLastPrompt, lastPromptOf } from './memory/lastPrompt';
import { newReplyReasoning, reasoningAfter, reasoningRecorder } from './replyReasoning';
import { summarizeIfDue } from './memory/summary';
import { metadataOf, storeTimedWorldInfo, timedWorldInfoOf } from './timedLore';

/**
 * The reason an unexpected failure gives. The chat already says 'Sorry, I encountered an
 * error. Please try again.' above the reason, so this must not be that sentence again.
 */
export const REPLY_FAILED_REASON = 'Something went wrong on the server while writing the reply.';

/** What a failure tells the client and the ledger: an AppError's own words, else REPLY_FAILED_REASON. */
export function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const outage = outageOf(error);
  if (outage) return { code: outage.error, message: outage.message };
  return { code: 'internal', message: REPLY_FAILED_REASON };
}

/**
 * The abort reason when the client went away (Stop, a closed tab, a lost network): the words that
 * arrived are kept as the reply, marked as stopped, as SillyTavern and character.ai keep them.
 */
export const CLIENT_GONE = new Error('The client stopped reading the reply.');

/**
 * Calls the AI for a prepared job, yielding the reply as it is written, and stores it once complete
 * (as a new message, a new version of the reply, or appended to it), or once the client went away
 * (CLIENT_GONE) with what was written so far. A failure, another abort, or the client going away
 * before any word stores nothing and records why, so the same key may be tried again.
 */
export async function* generate(
  ctx: ServiceContext,
  job: CompletionJob,
  signal: AbortSignal,
): AsyncGenerator<ReplyPiece, CompletionResult> {
  const running = ledgerKey(job.user.id, job.key);
  let settled = () => {};
  answering.set(running, new Promise<void>((resolve) => (settled = resolve)));
  try {
    const rows = job.newChatHistory ?? (await messagesBefore(ctx.db, job.chat.id, HISTORY_LIMIT, job.answersSeq + 1));
    // Hidden messages (SillyTavern's is_system) stay in the chat but never reach the model.
    const history = rows
      .filter((m) => !Number(m.hidden))
      .map((m) => ({ role: m.role, content: m.content, name: m.name, sendDate: m.send_date, id: m.id }));
    const continuation = job.target.kind === 'continue' ? job.target.message.content : undefined;
    const metadata = metadataOf(job.chat.chat_metadata);
    const { sampling: chosen, contextTokens, replyTokens, model: serverModel } = await generationOf(ctx, job.user.id, job.chat.id);
    const { ai, sampling, model, own } = await replyWriterFor(ctx, job.user.id, { sampling: chosen, model: serverModel });
    const card = job.speaker?.card ?? job.card;
    const input = {
      card,
      userName: job.as.name,
      personaDescription: job.as.description,
      history,
      continuation,
      contextTokens,
      replyTokens,
      chatId: job.chat.id,
      timeZone: job.timeZone,
      timedWorldInfo: timedWorldInfoOf(job.chat.chat_metadata),
      // Messages are numbered from 0, so the answered one's number + 1 counts the chat so far.
      chatLength: job.answersSeq + 1 + (continuation === undefined ? 0 : 1),
      memories: memoriesOf(metadata).map((memory) => memory.text),
      authorsNote: authorsNoteOf(metadata),
      summary: promptSummary(metadata),
    };
    const prompt = job.speaker
      ? buildGroupPrompt({ ...input, speakerName: speakerName(job.speaker), others: job.speaker.others })
      : buildPrompt(input);
    const budget = { contextTokens, replyTokens, historyMessages: history.length };
    const kept = keepLastPrompt(ctx, job.chat.id, lastPromptOf(prompt, budget, new Date().toISOString()));
    const reply = ai.complete({ messages: prompt.messages, card, userName: job.as.name, sampling, signal });
    const relay = deltaRelay(ctx.db, job.user.id, {
      chat_id: job.chat.id,
      key: job.key,
      message_id: job.target.kind === 'new' ? null : job.target.message.id,
    });
    let text = '';
    let stopped = false;
    let aliveAt = Date.now();
    // Reasoning is streamed to the client and stored apart from the text, which alone is the reply.
    const thinking = reasoningRecorder();
    try {
      for await (const piece of reply.pieces ?? reply.stream) {
        const said = thinking.take(piece);
        text += said;
        // Other devices follow the reply's words; its reasoning reaches them with the stored reply.
        if (said) relay.send(said);
        yield piece;
        if (Date.now() - aliveAt > HEARTBEAT_MS) {
          aliveAt = Date.now();
          await touchCompletionRequest(ctx.db, job.user.id, job.key, new Date(aliveAt).toISOString());
        }
      }
    } catch (error) {
      if (signal.reason !== CLIENT_GONE || !text.trim()) throw error;
      stopped = true;
    }
    await kept;
    await relay.sent();
    // An empty reply reads 'No response received' (docs/PRODUCT.md, Screens); nothing is stored, so a retry may do better.
    if (!text.trim()) throw new AppError(502, 'upstream_empty', 'No response received');
    // A continuation keeps the whitespace it starts with: it says how it joins the text before it.
    const stored = continuation === undefined ? text.trim() : text.trimEnd();
    const result = await storeReply(
      ctx,
      job,
      { text: stored, stopped, model, reasoning: thinking.result() },
      reply.usage(),
      prompt.timedWorldInfo,
    );
    await summarizeIfDue(ctx, job.user, job.chat, rows, prompt, own);
    return result;
  } catch (error) {
    const failure = failureOf(error);
    await updateCompletionRequest(ctx.db, job.user.id, job.key, {
      state: 'failed',
      error_code: failure.code,
      error_message: failure.message,
      updated_at: new Date().toISOString(),
    });
    throw error;
  } finally {
    answering.delete(running);
    settled();
  }
}

/**
 * Writes the new text into the reply it belongs to, as it is now (the person may have chosen another
 * version meanwhile): a new version, shown, or the shown version continued.
 */
async function amendReply(
  trx: Transaction<Database>,
  job: CompletionJob & { target: { message: Message } },
  { text, stopped, model, reasoning }: Written,
  at: string,
): Promise<Message> {
  const [current] = await findMessages(trx, [job.target.message.id]);
  if (!current) throw superseded();
  const before = swipeFieldsOf(current);
  const swipe = job.target.kind === 'swipe';
  const after = swipe ? withNewSwipe(before, text) : withContinuation(before, text);
  const changes = {
    ...swipeColumns(after),
    stopped_swipe: stoppedSwipeAfter(current.stopped_swipe, after, stopped),
    model,
    ...reasoningAfter(current, after, swipe, reasoning),
    // A reply from before its chat became a group gets its speaker's card.
    ...(job.speaker ? { speaker_id: job.speaker.member.image_id } : {}),
    ...(swipe ? { send_date: at } : {}),
  };
  const amended = { ...current, ...changes };
  await updateMessage(trx, current.id, changes);
  await adjustChatTotals(
    trx,
    job.chat.id,
    { count: 0, bytes: messageBytes(amended) - messageBytes(current), lastMessageAt: swipe ? at : undefined },
    at,
  );
  return amended;
}

/** The reply's text, whether the client went away before it was whole, the model that wrote it and how it reasoned. */
interface Written {
  text: string;
  stopped: boolean;
  model: string | null;
  reasoning: Reasoning | null;
}

async function storeReply(
  ctx: ServiceContext,
  job: CompletionJob,
  written: Written,
  usage: CompletionResult['usage'],
  timed: TimedWorldInfo,
): Promise<CompletionResult> {
  const at = new Date().toISOString();
  const reply = await ctx.db.transaction().execute(async (trx) => {
    await lockChat(trx, job.chat.id);
    await storeTimedWorldInfo(trx, job.chat, timed);
    let stored: Message;
    if (job.target.kind === 'new') {
      stored = message(
        job.chat,
        await nextSeq(trx, job.chat.id),
        {
          role: 'assistant',
          content: written.text,
          name: job.speaker ? speakerName(job.speaker) : characterDisplayName(job.card),
          speaker_id: job.speaker?.member.image_id ?? null,
          stopped_swipe: written.stopped ? 0 : null,
          model: written.model,
          reasoning: newReplyReasoning(written.reasoning),
        },
        at,
      );
      await storeMessages(trx, job.chat.id, [stored], at);
    } else {
      stored = await amendReply(trx, { ...job, target: job.target }, written, at);
    }
    await updateCompletionRequest(trx, job.user.id, job.key, { state: 'done', reply_message_id: stored.id, updated_at: at });
    await emitEvent(trx, job.user.id, job.target.kind === 'new' ? 'message.created' : 'message.updated', chatMessageOf(stored));
    return stored;
  });
  return resultOf(job.chat.id, { greeting: job.greeting, user: job.userMessage, reply }, usage);
}
