import { createHash } from 'node:crypto';
import { type Card, characterDisplayName } from '@core/card/index';
import { fillGreeting, greetingAt, isTimeZone } from '@core/chat/index';
import type { CompletionRequest, CompletionResult } from '@core/contract';
import { findChatById, findOwnChat, insertChat, lockChat } from '../../db/repositories/chats';
import { insertCompletionRequest } from '../../db/repositories/completionRequests';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { findMessages, messagesBefore, nextSeq } from '../../db/repositories/messages';
import type { Chat, CompletionRequestRow, Message } from '../../db/schema';
import { badRequest } from '../../errors';
import { readableImage } from '../images/access';
import { noteChatStarted } from '../publishing/activity';
import { cardTypeOf } from '../images/presentation';
import type { ServiceContext } from '../context';
import { checkStorageRoom } from '../storage';
import { lockAccount, type RequestUser } from '../users';
import { cardOfChat } from './character';
import { emitStoredMessages } from './chatEvents';
import { inProgress, ledgerState, resultOf } from './completionLedger';
import { checkedMessageText } from './messageText';
import { settleChatUser, type ChatUser } from './persona';
import { chatNotFound } from './reads';
import { storeMessages } from './storeMessages';
import { retriedTarget, settleTarget, type ReplyTarget, type SettledTarget } from './replyTarget';
import { settleSpeaker, type GroupSpeaker } from '../groups/speaker';
import { message } from './messageRow';

/** The chat history limit: the prompt carries at most the last 100 messages (docs/PRODUCT.md, Limits). */
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
  /** Null for a regeneration or a continuation. */
  userMessage: Message | null;
  /** The prompt's history is the chat up to this seq. */
  answersSeq: number;
  target: ReplyTarget;
  /** A chat this request started holds only what it just stored, so its prompt needs no read. */
  newChatHistory: Message[] | null;
  /** The person's IANA time zone for the time macros; undefined: the server's own. */
  timeZone: string | undefined;
  /** In a group chat, the member who writes the reply (its card is the prompt's); null otherwise. */
  speaker: GroupSpeaker | null;
}

export type PreparedCompletion = { kind: 'done'; result: CompletionResult } | { kind: 'generate'; job: CompletionJob };

/** The new message is the last user entry; the rest of `messages` is the client's view, never trusted. */
function lastUserContent(request: CompletionRequest): string | undefined {
  return [...(request.messages ?? [])].reverse().find((message) => message.role === 'user')?.content;
}

/** The time zone the app sent, when it is one this runtime knows. */
const timeZoneOf = (request: CompletionRequest) => (isTimeZone(request.time_zone) ? request.time_zone : undefined);

/**
 * A new message with its reply, or without one (a part), or no new message: a regeneration or a
 * continuation (asking for two of these is refused).
 */
function modeOf(request: CompletionRequest): CompletionRequestRow['kind'] {
  if ([request.regenerate, request.continue, request.no_reply].filter(Boolean).length > 1)
    throw badRequest('regenerate_or_continue', 'Ask for a new version of the reply, for more of it, or for none, not two of these.');
  return request.regenerate ? 'regenerate' : request.continue ? 'continue' : request.no_reply ? 'part' : 'message';
}

/** A group chat's speaker for a reply whose target is settled; the chat's history read only if needed. */
function speakerOf(db: Parameters<typeof settleSpeaker>[0], chat: Chat, settled: SettledTarget, key: string, pickedId: string | undefined) {
  return settleSpeaker(db, chat, {
    target: settled.target,
    pickedId,
    seed: key,
    history: () => messagesBefore(db, chat.id, HISTORY_LIMIT, settled.answersSeq + 1),
  });
}

const storesMessage = (kind: CompletionRequestRow['kind']) => kind === 'message' || kind === 'part';

/** What a request asks for, so a reused Idempotency-Key can be told from a retry of the same request. */
function requestHash(request: CompletionRequest, kind: CompletionRequestRow['kind']): string {
  const asked = storesMessage(kind) ? `${kind}:${lastUserContent(request)?.trim() ?? ''}` : kind;
  return createHash('sha256').update(asked).digest('hex');
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
    title: null,
    branch_of: null,
    branch_of_name: null,
    group_strategy: null,
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
  const timeZone = timeZoneOf(request);
  if (state.kind === 'retry') return { kind: 'generate', job: { ...(await retryJob(ctx, user, state.row, request)), timeZone } };

  const text = storesMessage(kind) ? checkedMessageText(lastUserContent(request)) : null;
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
    const prepared = await ctx.db.transaction().execute(async (trx): Promise<PreparedCompletion> => {
      // A chat inserted here is invisible to everyone else until commit: no lock to take, no message to number after.
      // A new chat holds the account's lock, so one racing the account's deletion is refused (401), never left behind.
      if (isNew) await lockAccount(trx, user.id);
      else await lockChat(trx, chat.id);
      const as = await settleChatUser(trx, user, chat, request.persona_id, { stored: !isNew });
      if (isNew) await insertChat(trx, chat);
      if (text === null) {
        const settled = await settleTarget(trx, chat.id, kind === 'continue' ? 'continue' : 'regenerate');
        // The reply it works on is recorded now, so a retry of this key works on the same one.
        const replyId = settled.target.kind === 'new' ? null : settled.target.message.id;
        const speaker = await speakerOf(trx, chat, settled, key, request.speaker_id);
        await insertCompletionRequest(trx, { ...ledger, reply_message_id: replyId });
        return {
          kind: 'generate',
          job: { user, key, chat, card, as, greeting: null, userMessage: null, ...settled, newChatHistory: null, timeZone, speaker },
        };
      }
      let seq = isNew ? 0 : await nextSeq(trx, chat.id);
      const greetingText = isNew && request.greeting_index !== undefined ? greetingAt(card, request.greeting_index) : undefined;
      // Stored with its macros filled, as the app showed it: the same seed (the chat), the same text.
      const filledGreeting =
        greetingText &&
        fillGreeting(card, greetingText, { userName: as.name, chatId: chat.id, personaDescription: as.description, now, timeZone });
      const greeting = filledGreeting
        ? message(chat, seq++, { role: 'assistant', content: filledGreeting, name: characterDisplayName(card) }, at)
        : null;
      const userMessage = message(chat, seq, { role: 'user', content: text, name: as.name, client_id: key }, at);
      const part = kind === 'part';
      await insertCompletionRequest(trx, {
        ...ledger,
        ...(part ? { state: 'done' } : {}),
        greeting_message_id: greeting?.id ?? null,
        user_message_id: userMessage.id,
      });
      const stored = greeting ? [greeting, userMessage] : [userMessage];
      await storeMessages(trx, chat.id, stored, at);
      await emitStoredMessages(trx, user.id, chat.id, isNew, stored);
      if (part) return { kind: 'done', result: resultOf(chat.id, { greeting, user: userMessage, reply: null }) };
      const newChatHistory = isNew ? stored : null;
      const target: SettledTarget = { answersSeq: userMessage.seq, target: { kind: 'new' } };
      // Picked after the message is stored, so a group whose members are all muted keeps nothing (the message waits).
      const speaker = await speakerOf(trx, chat, target, key, request.speaker_id);
      return {
        kind: 'generate',
        job: {
          user,
          key,
          chat,
          card,
          as,
          greeting,
          userMessage,
          ...target,
          newChatHistory,
          timeZone,
          speaker,
        },
      };
    });
    // The card's chat count and Trending move once the chat is stored.
    if (isNew && chat.image_id) await noteChatStarted(ctx, chat.image_id, user.id);
    return prepared;
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

async function retryJob(
  ctx: ServiceContext,
  user: RequestUser,
  row: CompletionRequestRow,
  request: CompletionRequest,
): Promise<Omit<CompletionJob, 'timeZone'>> {
  const chat = await findOwnChat(ctx.db, user.id, row.chat_id);
  if (!chat) throw chatNotFound();
  const card = await cardOfChat(ctx.db, chat);
  const as = await settleChatUser(ctx.db, user, chat, request.persona_id, { stored: true });
  const stored = new Map(
    (
      await findMessages(
        ctx.db,
        [row.greeting_message_id, row.user_message_id].filter((id) => id !== null),
      )
    ).map((m) => [m.id, m]),
  );
  const greeting = (row.greeting_message_id && stored.get(row.greeting_message_id)) || null;
  const userMessage = (row.user_message_id && stored.get(row.user_message_id)) || null;
  const settled = await retriedTarget(ctx.db, row, userMessage);
  return {
    user,
    key: row.idempotency_key,
    chat,
    card,
    as,
    greeting,
    userMessage,
    ...settled,
    newChatHistory: null,
    speaker: await speakerOf(ctx.db, chat, settled, row.idempotency_key, request.speaker_id),
  };
}
