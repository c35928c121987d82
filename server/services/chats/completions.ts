import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { characterDisplayName, fillPlaceholders, type Card } from '../../../core/card/index';
import { buildPrompt, greetingAt } from '../../../core/chat/index';
import type { CompletionRequest, CompletionResult } from '../../../core/contract';
import { adjustChatTotals, findChatById, findOwnChat, insertChat, lockChat } from '../../db/repositories/chats';
import { insertCompletionRequest, touchCompletionRequest, updateCompletionRequest } from '../../db/repositories/completionRequests';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { deleteMessages, findMessages, lastSeqOfRole, messagesAfter, messagesBefore, nextSeq } from '../../db/repositories/messages';
import type { Chat, CompletionRequestRow, Database, Message } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { outageOf } from '../../outages';
import { readableImage } from '../images/access';
import { cardTypeOf } from '../images/presentation';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { cardOfChat } from './character';
import { answering, HEARTBEAT_MS, inProgress, ledgerKey, ledgerState, resultOf } from './completionLedger';
import { checkedMessageText } from './messageText';
import { settleChatUser, type ChatUser } from './persona';
import { chatNotFound } from './reads';
import { contentBytes, storeMessages } from './storeMessages';

/** Spec §9 "chat history limit": the prompt carries at most the last 100 messages. */
export const HISTORY_LIMIT = 100;

/** A reply to write: everything generate() needs, settled before the AI is called. */
export interface CompletionJob {
  user: RequestUser;
  key: string;
  chat: Chat;
  card: Card;
  /** Who the user is in the chat: {{user}}'s name, and a persona's description for the prompt. */
  as: ChatUser;
  greeting: Message | null;
  /** Null for a regeneration. */
  userMessage: Message | null;
  /** The reply answers the history up to this seq; anything after it is replaced. */
  answersSeq: number;
  /** A chat this request started holds only what it just stored, so its prompt needs no read. */
  newChatHistory: Message[] | null;
}

export type PreparedCompletion = { kind: 'done'; result: CompletionResult } | { kind: 'generate'; job: CompletionJob };

/** The new message is the last user entry; the rest of `messages` is the client's view, never trusted. */
function lastUserContent(request: CompletionRequest): string | undefined {
  return [...(request.messages ?? [])].reverse().find((message) => message.role === 'user')?.content;
}

/** What a request asks for, so a reused Idempotency-Key can be told from a retry of the same request. */
function requestHash(request: CompletionRequest): string {
  const asked = request.regenerate ? 'regenerate' : `message:${lastUserContent(request)?.trim() ?? ''}`;
  return createHash('sha256').update(asked).digest('hex');
}

function message(chat: Chat, seq: number, fields: Pick<Message, 'role' | 'content' | 'name'> & { client_id?: string | null }, at: string): Message {
  return { id: randomUUID(), chat_id: chat.id, seq, send_date: at, client_id: null, ...fields };
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
  if (existing || request.regenerate) throw chatNotFound();
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
    message_count: 0,
    size: 0,
    persona_id: null,
    last_message_at: now,
    created_at: now,
    updated_at: now,
  };
  return { chat, card: JSON.parse(image.card_json) as Card, isNew: true };
}

/** The last user message's seq: what a regeneration answers again. */
async function lastUserSeq(db: Kysely<Database> | Transaction<Database>, chatId: string): Promise<number> {
  const seq = await lastSeqOfRole(db, chatId, 'user');
  if (seq === undefined) throw badRequest('nothing_to_regenerate', 'There is no reply to regenerate yet.');
  return seq;
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
  const hash = requestHash(request);
  const state = await ledgerState(ctx.db, user.id, key, { chatId: request.chat_id, hash }, now);
  if (state.kind === 'done') return state;
  if (state.kind === 'retry') return { kind: 'generate', job: await retryJob(ctx, user, state.row, request.persona_id) };

  const text = request.regenerate ? null : checkedMessageText(lastUserContent(request));
  const { chat, card, isNew } = await chatFor(ctx, user, request, at);
  const ledger: CompletionRequestRow = {
    user_id: user.id,
    idempotency_key: key,
    chat_id: chat.id,
    kind: request.regenerate ? 'regenerate' : 'message',
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
        await insertCompletionRequest(trx, ledger);
        const answersSeq = await lastUserSeq(trx, chat.id);
        return { kind: 'generate', job: { user, key, chat, card, as, greeting: null, userMessage: null, answersSeq, newChatHistory: null } };
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
      return { kind: 'generate', job: { user, key, chat, card, as, greeting, userMessage, answersSeq: userMessage.seq, newChatHistory } };
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
  const answersSeq = userMessage ? userMessage.seq : await lastUserSeq(ctx.db, chat.id);
  return { user, key: row.idempotency_key, chat, card, as, greeting, userMessage, answersSeq, newChatHistory: null };
}

/** What a failure tells the client and the ledger: an AppError's own words, else the spec's chat error. */
export function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const outage = outageOf(error);
  if (outage) return { code: outage.error, message: outage.message };
  return { code: 'internal', message: 'Sorry, I encountered an error. Please try again.' };
}

/**
 * Calls the AI for a prepared job, yielding the reply as it is written, and stores it once complete
 * (a regeneration replaces the replies that directly follow the message it answers). A failure or an
 * abort stores no reply and records why, so the same key may be tried again.
 */
export async function* generate(ctx: ServiceContext, job: CompletionJob, signal: AbortSignal): AsyncGenerator<string, CompletionResult> {
  const running = ledgerKey(job.user.id, job.key);
  answering.add(running);
  try {
    const rows = job.newChatHistory ?? (await messagesBefore(ctx.db, job.chat.id, HISTORY_LIMIT, job.answersSeq + 1));
    const history = rows.map((m) => ({ role: m.role, content: m.content }));
    const prompt = buildPrompt({
      card: job.card,
      userName: job.as.name,
      personaDescription: job.as.description,
      history,
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
    return await storeReply(ctx, job, text.trim(), reply.usage());
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

/** The character's replies right after a message, up to the next message of anyone else. */
function leadingReplies(messages: Message[]): Message[] {
  const end = messages.findIndex((m) => m.role !== 'assistant');
  return end === -1 ? messages : messages.slice(0, end);
}

async function storeReply(ctx: ServiceContext, job: CompletionJob, text: string, usage: CompletionResult['usage']): Promise<CompletionResult> {
  const at = new Date().toISOString();
  const reply = await ctx.db.transaction().execute(async (trx) => {
    await lockChat(trx, job.chat.id);
    const replaced = job.userMessage ? [] : leadingReplies(await messagesAfter(trx, job.chat.id, job.answersSeq));
    if (replaced.length > 0) {
      await deleteMessages(trx, replaced.map((m) => m.id));
      await adjustChatTotals(trx, job.chat.id, { count: -replaced.length, bytes: -contentBytes(replaced) }, at);
    }
    const stored = message(job.chat, await nextSeq(trx, job.chat.id), { role: 'assistant', content: text, name: characterDisplayName(job.card) }, at);
    await storeMessages(trx, job.chat.id, [stored], at);
    await updateCompletionRequest(trx, job.user.id, job.key, { state: 'done', reply_message_id: stored.id, updated_at: at });
    return stored;
  });
  return resultOf(job.chat.id, { greeting: job.greeting, user: job.userMessage, reply }, usage);
}
