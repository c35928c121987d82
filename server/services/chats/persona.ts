/**
 * Who the user is in a chat: the persona the chat names ({{user}} is its name, its description goes
 * into the prompt), else the profile name. PUT /api/chats/{chat_id} and every completion may change it.
 */
import type { Kysely, Transaction } from 'kysely';
import { userDisplayName } from '@core/chat/index';
import type { ChatUpdate, RecentChat } from '@core/contract';
import { findOwnChat } from '../../db/repositories/chats';
import { isForeignKeyViolation } from '../../db/errors';
import { findDefaultPersona, findOwnPersona, setChatPersona } from '../../db/repositories/personas';
import type { Chat, Database } from '../../db/schema';
import type { ServiceContext } from '../context';
import { personaNotFound } from '../personas/index';
import type { RequestUser } from '../users';
import { chatNotFound } from './reads';
import { recentChatOf } from './wire';

type Db = Kysely<Database> | Transaction<Database>;

/** The user as a chat's prompt and messages name them. */
export interface ChatUser {
  personaId: string | null;
  /** What {{user}} stands for and user messages are signed with. */
  name: string;
  /** The persona's description for the prompt; '' for the profile name. */
  description: string;
}

async function userAs(db: Db, user: RequestUser, personaId: string | null): Promise<ChatUser> {
  const persona = personaId ? await findOwnPersona(db, user.id, personaId) : undefined;
  if (!persona) return { personaId: null, name: userDisplayName(user), description: '' };
  return { personaId: persona.id, name: persona.name, description: persona.description };
}

/** Who the user is in this chat now. */
export function chatUser(db: Db, user: RequestUser, chat: Pick<Chat, 'persona_id'>): Promise<ChatUser> {
  return userAs(db, user, chat.persona_id);
}

/**
 * Who the user is from a completion on: `requested` when the request names one (a persona gone
 * meanwhile, or never theirs, counts as the profile name: a message that waited offline is never
 * refused for it), else the chat's. Sets the chat's row (and `chat`) when that changes it; a chat
 * about to be inserted only needs `chat` set, and starts as the user's default persona when the
 * request names none.
 */
export async function settleChatUser(
  db: Db,
  user: RequestUser,
  chat: Chat,
  requested: string | null | undefined,
  { stored }: { stored: boolean },
): Promise<ChatUser> {
  if (requested === undefined && stored) return chatUser(db, user, chat);
  const as = await userAs(db, user, requested === undefined ? ((await findDefaultPersona(db, user.id))?.id ?? null) : requested);
  if (as.personaId !== chat.persona_id) {
    if (stored) await setChatPersona(db, user.id, chat.id, as.personaId, new Date().toISOString());
    chat.persona_id = as.personaId;
  }
  return as;
}

/** PUT /api/chats/{chat_id}: the user picks who they are in the chat (another user's chat or persona: 404). */
export async function updateChat(ctx: ServiceContext, user: RequestUser, chatId: string, update: ChatUpdate): Promise<RecentChat> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  if (update.persona_id !== null && !(await findOwnPersona(ctx.db, user.id, update.persona_id))) throw personaNotFound();
  const now = new Date().toISOString();
  try {
    await setChatPersona(ctx.db, user.id, chat.id, update.persona_id, now);
  } catch (error) {
    // Deleted on another device between the check and the write.
    if (isForeignKeyViolation(error)) throw personaNotFound();
    throw error;
  }
  return recentChatOf({ ...chat, persona_id: update.persona_id, updated_at: now });
}
