import { buffer } from 'node:stream/consumers';
import { type Card, writeCard } from '@core/card/index';
import { type ArchiveChat, type ArchiveMessage, writeChatJsonl, writeChatText } from '@core/chat/index';
import type { ChatExportFormat } from '@core/contract';
import { findImage } from '../../db/repositories/images';
import { allMessages } from '../../db/repositories/messages';
import type { Chat, Message } from '../../db/schema';
import { buildChatZip, safeArchiveName } from './archive/index';
import { defaultPortrait } from '../cardPictures';
import { canRead } from '../images/access';
import { contentDisposition } from '../images/files';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { chatUser } from './persona';
import { ownChat } from './reads';
import { swipeFieldsOf } from './storeMessages';
import { versionReasoningOf } from './reasoningColumn';

/**
 * The card PNG to ship with a chat: its linked card when the user may still read it, else the card
 * an import brought along (written into the default portrait), so importing the zip again finds the
 * same character.
 */
async function cardPngOf(ctx: ServiceContext, user: RequestUser, chat: Chat): Promise<Uint8Array | null> {
  const image = chat.image_id ? await findImage(ctx.db, chat.image_id) : undefined;
  if (image && canRead(image, user)) {
    const stream = await ctx.blobs.get(image.blob_key);
    if (stream) return new Uint8Array(await buffer(stream));
  }
  if (!chat.card_json) return null;
  // A card carried along by an import is written into cardchat's default portrait.
  return writeCard(await defaultPortrait(), JSON.parse(chat.card_json) as Card);
}

/**
 * The name (without `.jsonl`) a chat's file is exported under: its title (a branch's "Aqua (branch
 * 2)") or its character's name, and the day it began. SillyTavern's `main_chat` names a branch's
 * original by it.
 */
export const chatFileStem = (chat: Pick<Chat, 'title' | 'character_name' | 'created_at'>): string =>
  safeArchiveName(`${chat.title ?? chat.character_name} - ${chat.created_at.slice(0, 10)}`);

/** A stored chat as its chat file says it (the header's fields): every export writes it the same way. */
export const archiveChatOf = (
  userName: string,
  chat: Pick<Chat, 'character_name' | 'created_at' | 'chat_metadata' | 'group_strategy'>,
): Omit<ArchiveChat, 'messages'> => ({
  userName,
  characterName: chat.character_name,
  ...(chat.group_strategy !== null && { group: true }),
  createdAt: chat.created_at,
  metadata: chat.chat_metadata ? (JSON.parse(chat.chat_metadata) as Record<string, unknown>) : undefined,
});

/** A group reply's `original_avatar`: its speaker's card id and this, as SillyTavern names card files. */
export const SPEAKER_AVATAR_SUFFIX = '.png';

/** A stored message as its chat file line says it. */
export function archiveMessageOf(m: Message): ArchiveMessage {
  const { swipes, swipe_id } = swipeFieldsOf(m);
  return {
    role: m.role,
    name: m.name,
    content: m.content,
    sendDate: m.send_date,
    swipes,
    swipeId: swipe_id,
    hidden: Boolean(Number(m.hidden)),
    model: m.model ?? undefined,
    reasoning: versionReasoningOf(m),
    avatar: m.speaker_id ? `${m.speaker_id}${SPEAKER_AVATAR_SUFFIX}` : undefined,
    fileFields: m.file_fields ? (JSON.parse(m.file_fields) as Record<string, unknown>) : undefined,
  };
}

const EXPORT_TYPES: Record<ChatExportFormat, string> = {
  zip: 'application/zip',
  jsonl: 'application/jsonl; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/**
 * One chat as a .zip (SillyTavern's JSONL, which SillyTavern opens as it is, and the character's
 * card, so importing it elsewhere finds the same character), as the .jsonl alone, or as plain text.
 */
export async function exportChat(
  ctx: ServiceContext,
  user: RequestUser,
  chatId: string,
  requestedName?: string,
  format: ChatExportFormat = 'zip',
) {
  const chat = await ownChat(ctx, user, chatId);
  const messages = await allMessages(ctx.db, chat.id);
  const archive: ArchiveChat = {
    ...archiveChatOf((await chatUser(ctx.db, user, chat)).name, chat),
    messages: messages.map(archiveMessageOf),
  };
  const base = chatFileStem(chat);
  const name = (requestedName?.trim() || base).replace(new RegExp(`\\.${format}$`, 'i'), '');
  const answer = (bytes: Uint8Array) => ({ bytes, type: EXPORT_TYPES[format], disposition: contentDisposition(name, `.${format}`) });
  const jsonl = new TextEncoder().encode(writeChatJsonl(archive));
  if (format === 'jsonl') return answer(jsonl);
  if (format === 'txt') return answer(new TextEncoder().encode(writeChatText(archive)));
  const files: { name: string; data: Uint8Array }[] = [{ name: `${base}.jsonl`, data: jsonl }];
  const png = await cardPngOf(ctx, user, chat);
  if (png) files.push({ name: `${safeArchiveName(chat.character_name)}.png`, data: png });
  return answer(await buildChatZip(files));
}
