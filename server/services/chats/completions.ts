import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { characterDisplayName, fillPlaceholders, type Card } from '../../../core/card/index';
import { buildPrompt, greetingAt, withContinuation, withNewSwipe } from '../../../core/chat/index';
import type { CompletionRequest, CompletionResult } from '../../../core/contract';
import { adjustChatTotals, findChatById, findOwnChat, insertChat, lockChat } from '../../db/repositories/chats';
import { insertCompletionRequest, touchCompletionRequest, updateCompletionRequest } from '../../db/repositories/completionRequests';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { findMessages, lastSeqOfRole, messagesBefore, nextSeq, updateMessage } from '../../db/repositories/messages';
import type { Chat, CompletionRequestRow, Database, Message } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { outageOf } from '../../outages';
import { readableImage } from '../images/access';
import { cardTypeOf } from '../images/presentation';
import type { ServiceContext } from '../context';
import { checkStorageRoom } from '../storage';
import type { RequestUser } from '../users';
import { cardOfChat } from './character';
import { answering, HEARTBEAT_MS, inProgress, ledgerKey, ledgerState, resultOf, superseded } from './completionLedger';
import { checkedMessageText } from './messageText';
import { settleChatUser, type ChatUser } from './persona';
import { chatNotFound } from './reads';
import { messageBytes, storeMessages, swipeColumns, swipeFieldsOf } from './storeMessages';

/** Spec §9 "chat history limit": the prompt carries at most the last 100 messages. */
export const HISTORY_LIMIT = 100;

/**
 * Where the reply goes: a new message; a new version of the chat's last reply (a regeneration:
 * SillyTavern's swipe to the right); or more of the last reply (continue), which the prompt ends with.
 */
export type ReplyTarget = { kind: 'new' } | { kind: 'swipe'; message: Message } | { kind: 'continue'; message: Message };

/** A reply to write: everything generate() needs, settled before the AI is called. */
export interface CompletionJob {
  user: RequestUser;
  key: string;
  chat: Chat;
  card: Card;
  /** Who the user is in the chat: {{user}}'s name, and a persona's description for the prompt. */
  as: ChatUser;
  greeting: Message | null;
  /** Null for a regeneration or a continuation. */
  userMessage: Message | null;
  /** The prompt's history is the chat up to this seq. */
  answersSeq: number;
  target: ReplyTarget;
  /** A chat this request started holds only what it just stored, so its prompt needs no read. */
  newChatHistory: Message[] | null;
}

export type PreparedCompletion = { kind: 'done'; result: CompletionResult } | { kind: 'generate'; job: CompletionJob };

/** The new message is the last user entry; the rest of `messages` is the client's view, never trusted. */
function lastUserContent(request: CompletionRequest): string | undefined {
  return [...(request.messages ?? [])].reverse().find((message) => message.role === 'user')?.content;
}

/** A request for no new message: a regeneration or a continuation (asking for both is refused). */
function modeOf(request: CompletionRequest): CompletionRequestRow['kind'] {
  if (request.regenerate && request.continue) throw badRequest('regenerate_or_continue', 'Ask for a new version of the reply or for more of it, not both.');
  return request.regenerate ? 'regenerate' : request.continue ? 'continue' : 'message';
}

/** What a request asks for, so a reused Idempotency-Key can be told from a retry of the same request. */
function requestHash(request: CompletionRequest, kind: CompletionRequestRow['kind']): string {
  const asked = kind === 'message' ? `message:${lastUserContent(request)?.trim() ?? ''}` : kind;
  return createHash('sha256').update(asked).digest('hex');
}

function message(chat: Chat, seq: number, fields: Pick<Message, 'role' | 'content' | 'name'> & { client_id?: string | null }, at: string): Message {
  return { id: randomUUID(), chat_id: chat.id, seq, send_date: at, client_id: null, swipes: null, swipe_id: null, hidden: 0, ...fields };
}

/**
 * The chat the request names, with the card its prompt is built from: the user's own chat, or a new
 * one with the card named by character_id.
 */
async function chatFor(
  ctx: ServiceContext,
  user: RequestUser,
  request: CompletionRequest,
  now: string,
): Promise<{ chat: Chat; card: Card; isNew: boolean }> {
  const existing = await findChatById(ctx.db, request.chat_id);
  if (existing?.user_id === user.id) return { chat: existing, card: await cardOfChat(ctx.db, existing), isNew: false };
  // Another user's chat id is as unknown as a missing one.
  if (existing || request.regenerate || request.continue) throw chatNotFound();
  if (!request.character_id) throw badRequest('character_required', 'Choose a character to start a chat with.');
  const image = await readableImage(ctx, request.character_id, user);
  const chat: Chat = {
    id: request.chat_id,
    user_id: user.id,
    image_id: image.id,
    character_name: image.card_name,
    card_type: cardTypeOf(image),
    card_json: null,
    portrait_key: null,
    portrait_bytes: 0,
    importing_since: null,
    chat_metadata: null,
    message_count: 0,
    size: 0,
    persona_id: null,
    last_message_at: now,
    created_at: now,
    updated_at: now,
  };
  return { chat, card: JSON.parse(image.card_json) as Card, isNew: true };
}

type Db = Kysely<Database> | Transaction<Database>;

/** A reply the request works on again: the prompt is everything before it. */
const onReply = (kind: 'swipe' | 'continue', reply: Message) => ({ answersSeq: reply.seq - 1, target: { kind, message: reply } });

/**
 * What a regeneration or a continuation works on: the chat's last message. Continue needs it to be
 * the character's. A regeneration makes a new version of it when it is a reply to the user's last
 * message, else (the chat ends with the user's message, e.g. after Stop) a reply to that message.
 */
async function settleTarget(db: Db, chatId: string, kind: 'regenerate' | 'continue'): Promise<Pick<CompletionJob, 'answersSeq' | 'target'>> {
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

/**
 * Settles what a completion request means before any AI call: a finished request's stored reply, or
 * a job whose user message (and, for a new chat, greeting) is already stored, so a failure later
 * still keeps what the user wrote.
 */
export async function prepareCompletion(
  ctx: ServiceContext,
  user: RequestUser,
  key: string,
  request: CompletionRequest,
  now = new Date(),
): Promise<PreparedCompletion> {
  const at = now.toISOString();
  const kind = modeOf(request);
  const hash = requestHash(request, kind);
  const state = await ledgerState(ctx.db, user.id, key, { chatId: request.chat_id, hash }, now);
  if (state.kind === 'done') return state;
  if (state.kind === 'retry') return { kind: 'generate', job: await retryJob(ctx, user, state.row, request.persona_id) };

  const text = kind === 'message' ? checkedMessageText(lastUserContent(request)) : null;
  if (text !== null) await checkStorageRoom(ctx.db, user, 0);
  const { chat, card, isNew } = await chatFor(ctx, user, request, at);
  const ledger: CompletionRequestRow = {
    user_id: user.id,
    idempotency_key: key,
    chat_id: chat.id,
    kind,
    request_hash: hash,
    state: 'running',
    greeting_message_id: null,
    user_message_id: null,
    reply_message_id: null,
    error_code: null,
    error_message: null,
    created_at: at,
    updated_at: at,
  };
  try {
    // As few statements as will do: they all stand between the user's message and the first token.
    return await ctx.db.transaction().execute(async (trx) => {
      // A chat inserted here is invisible to everyone else until commit: no lock to take, no message to number after.
      if (!isNew) await lockChat(trx, chat.id);
      const as = await settleChatUser(trx, user, chat, request.persona_id, { stored: !isNew });
      if (isNew) await insertChat(trx, chat);
      if (text === null) {
        const settled = await settleTarget(trx, chat.id, kind === 'continue' ? 'continue' : 'regenerate');
        // The reply it works on is recorded now, so a retry of this key works on the same one.
        const replyId = settled.target.kind === 'new' ? null : settled.target.message.id;
        await insertCompletionRequest(trx, { ...ledger, reply_message_id: replyId });
        return { kind: 'generate', job: { user, key, chat, card, as, greeting: null, userMessage: null, ...settled, newChatHistory: null } };
      }
      let seq = isNew ? 0 : await nextSeq(trx, chat.id);
      const names = { char: characterDisplayName(card), user: as.name };
      const greetingText = isNew && request.greeting_index !== undefined ? greetingAt(card, request.greeting_index) : undefined;
      const greeting = greetingText ? message(chat, seq++, { role: 'assistant', content: fillPlaceholders(greetingText, names), name: names.char }, at) : null;
      const userMessage = message(chat, seq, { role: 'user', content: text, name: as.name, client_id: key }, at);
      await insertCompletionRequest(trx, { ...ledger, greeting_message_id: greeting?.id ?? null, user_message_id: userMessage.id });
      const stored = greeting ? [greeting, userMessage] : [userMessage];
      await storeMessages(trx, chat.id, stored, at);
      const newChatHistory = isNew ? stored : null;
      return {
        kind: 'generate',
        job: { user, key, chat, card, as, greeting, userMessage, answersSeq: userMessage.seq, target: { kind: 'new' }, newChatHistory },
      };
    });
  } catch (error) {
    // The persona it names was deleted on another device at this very moment: sent again, it counts
    // as the profile name.
    if (isForeignKeyViolation(error)) throw inProgress();
    // The same key sent twice at once: the other request holds the ledger row.
    if (isUniqueViolation(error)) {
      if (isNew && !(await findOwnChat(ctx.db, user.id, chat.id))) throw chatNotFound();
      throw inProgress();
    }
    throw error;
  }
}

async function retryJob(ctx: ServiceContext, user: RequestUser, row: CompletionRequestRow, personaId: string | null | undefined): Promise<CompletionJob> {
  const chat = await findOwnChat(ctx.db, user.id, row.chat_id);
  if (!chat) throw chatNotFound();
  const card = await cardOfChat(ctx.db, chat);
  const as = await settleChatUser(ctx.db, user, chat, personaId, { stored: true });
  const stored = new Map((await findMessages(ctx.db, [row.greeting_message_id, row.user_message_id].filter((id) => id !== null))).map((m) => [m.id, m]));
  const greeting = (row.greeting_message_id && stored.get(row.greeting_message_id)) || null;
  const userMessage = (row.user_message_id && stored.get(row.user_message_id)) || null;
  return { user, key: row.idempotency_key, chat, card, as, greeting, userMessage, ...(await retriedTarget(ctx.db, row, userMessage)), newChatHistory: null };
}

/** What a retried request works on: what its first attempt settled (a reply deleted since is superseded). */
async function retriedTarget(db: Db, row: CompletionRequestRow, userMessage: Message | null): Promise<Pick<CompletionJob, 'answersSeq' | 'target'>> {
  if (row.kind === 'message') {
    if (!userMessage) throw superseded();
    return { answersSeq: userMessage.seq, target: { kind: 'new' } };
  }
  if (!row.reply_message_id) return settleTarget(db, row.chat_id, row.kind);
  const [reply] = await findMessages(db, [row.reply_message_id]);
  if (!reply) throw superseded();
  return onReply(row.kind === 'continue' ? 'continue' : 'swipe', reply);
}

/**
 * The reason an unexpected failure gives. The chat already says the spec's 'Sorry, I encountered an
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
 * Calls the AI for a prepared job, yielding the reply as it is written, and stores it once complete
 * (as a new message, a new version of the reply, or appended to it). A failure or an abort stores
 * nothing and records why, so the same key may be tried again.
 */
export async function* generate(ctx: ServiceContext, job: CompletionJob, signal: AbortSignal): AsyncGenerator<string, CompletionResult> {
  const running = ledgerKey(job.user.id, job.key);
  answering.add(running);
  try {
    const rows = job.newChatHistory ?? (await messagesBefore(ctx.db, job.chat.id, HISTORY_LIMIT, job.answersSeq + 1));
    // Hidden messages (SillyTavern's is_system) stay in the chat but never reach the model.
    const history = rows.filter((m) => !Number(m.hidden)).map((m) => ({ role: m.role, content: m.content }));
    const continuation = job.target.kind === 'continue' ? job.target.message.content : undefined;
    const prompt = buildPrompt({
      card: job.card,
      userName: job.as.name,
      personaDescription: job.as.description,
      history,
      continuation,
      contextTokens: ctx.config.llm.contextTokens,
      replyTokens: ctx.config.llm.maxTokens,
    });
    const reply = ctx.ai.complete({ messages: prompt.messages, card: job.card, userName: job.as.name, signal });
    let text = '';
    let aliveAt = Date.now();
    for await (const piece of reply.stream) {
      text += piece;
      yield piece;
      if (Date.now() - aliveAt > HEARTBEAT_MS) {
        aliveAt = Date.now();
        await touchCompletionRequest(ctx.db, job.user.id, job.key, new Date(aliveAt).toISOString());
      }
    }
    // Spec §8: an empty reply reads 'No response received'; nothing is stored, so a retry may do better.
    if (!text.trim()) throw new AppError(502, 'upstream_empty', 'No response received');
    // A continuation keeps the whitespace it starts with: it says how it joins the text before it.
    return await storeReply(ctx, job, continuation === undefined ? text.trim() : text.trimEnd(), reply.usage());
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
  }
}

/**
 * Writes the new text into the reply it belongs to, as it is now (the person may have chosen another
 * version meanwhile): a new version, shown, or the shown version continued.
 */
async function amendReply(trx: Transaction<Database>, job: CompletionJob & { target: { message: Message } }, text: string, at: string): Promise<Message> {
  const [current] = await findMessages(trx, [job.target.message.id]);
  if (!current) throw superseded();
  const before = swipeFieldsOf(current);
  const swipe = job.target.kind === 'swipe';
  const changes = { ...swipeColumns(swipe ? withNewSwipe(before, text) : withContinuation(before, text)), ...(swipe ? { send_date: at } : {}) };
  const amended = { ...current, ...changes };
  await updateMessage(trx, current.id, changes);
  await adjustChatTotals(trx, job.chat.id, { count: 0, bytes: messageBytes(amended) - messageBytes(current), lastMessageAt: swipe ? at : undefined }, at);
  return amended;
}

async function storeReply(ctx: ServiceContext, job: CompletionJob, text: string, usage: CompletionResult['usage']): Promise<CompletionResult> {
  const at = new Date().toISOString();
  const reply = await ctx.db.transaction().execute(async (trx) => {
    await lockChat(trx, job.chat.id);
    let stored: Message;
    if (job.target.kind === 'new') {
      stored = message(job.chat, await nextSeq(trx, job.chat.id), { role: 'assistant', content: text, name: characterDisplayName(job.card) }, at);
      await storeMessages(trx, job.chat.id, [stored], at);
    } else {
      stored = await amendReply(trx, { ...job, target: job.target }, text, at);
    }
    await updateCompletionRequest(trx, job.user.id, job.key, { state: 'done', reply_message_id: stored.id, updated_at: at });
    return stored;
  });
  return resultOf(job.chat.id, { greeting: job.greeting, user: job.userMessage, reply }, usage);
}
