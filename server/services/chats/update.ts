import type { ChatUpdate, RecentChat } from '@core/contract';
import { BIDI_CONTROLS } from '@core/fileName';
import { findOwnChat, setChatTitle } from '../../db/repositories/chats';
import { emitEvent } from '../../events/emit';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { choosePersona } from './persona';
import { chatNotFound, listItem } from './reads';

/**
 * A title as stored: one line that shows as typed (no control characters, no marks that reorder
 * text), runs of spaces and line breaks as one space; blank means none.
 */
export function tidyTitle(title: string | null): string | null {
  const tidy = title
    ?.replace(BIDI_CONTROLS, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  return tidy ? tidy : null;
}

/**
 * PUT /api/chats/{chat_id}: who the user is in the chat and what the chat is called; only the
 * fields sent change. Another user's chat or persona: 404.
 */
export async function updateChat(ctx: ServiceContext, user: RequestUser, chatId: string, update: ChatUpdate): Promise<RecentChat> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  const now = new Date().toISOString();
  if (update.persona_id !== undefined) {
    await choosePersona(ctx, user, chat.id, update.persona_id, now);
    chat.persona_id = update.persona_id;
  }
  const title = update.title === undefined ? {} : { title: tidyTitle(update.title) };
  await ctx.db.transaction().execute(async (trx) => {
    if (title.title !== undefined) await setChatTitle(trx, chat.id, title.title, now);
    const persona = update.persona_id === undefined ? {} : { persona_id: update.persona_id };
    await emitEvent(trx, user.id, 'chat.updated', { chat_id: chat.id, ...title, ...persona, modified: now });
  });
  Object.assign(chat, title);
  return listItem(ctx.db, { ...chat, updated_at: now });
}
