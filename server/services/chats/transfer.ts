import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { readCard, writeCard, type Card } from '../../../core/card/index';
import { writeChatJsonl, type ArchiveChat } from '../../../core/chat/index';
import type { ChatImportResponse } from '../../../core/contract';
import { insertChat } from '../../db/repositories/chats';
import { findImage, findReadableImageBy } from '../../db/repositories/images';
import { allMessages, insertMessages } from '../../db/repositories/messages';
import { findOwnPersonaByName } from '../../db/repositories/personas';
import type { Chat, Image, Message } from '../../db/schema';
import { AppError } from '../../errors';
import { buildChatZip, isArchiveError, readChatZip, safeArchiveName } from './archive/index';
import { canRead } from '../images/access';
import { contentDisposition } from '../images/files';
import { cardTypeOf } from '../images/presentation';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { projectFile } from '../../paths';
import { chatUser } from './persona';
import { ownChat } from './reads';
import { contentBytes } from './storeMessages';

/** The picture a card carried along by an import is written into: cardchat's default portrait. */
const DEFAULT_PORTRAIT = projectFile('public/default-avatar.png');

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
  return writeCard(new Uint8Array(await readFile(DEFAULT_PORTRAIT)), JSON.parse(chat.card_json) as Card);
}

/**
 * One chat as a .zip: SillyTavern's JSONL (which SillyTavern opens as it is) and the character's
 * card, so importing it elsewhere finds the same character.
 */
export async function exportChat(ctx: ServiceContext, user: RequestUser, chatId: string, requestedName?: string) {
  const chat = await ownChat(ctx, user, chatId);
  const messages = await allMessages(ctx.db, chat.id);
  const archive: ArchiveChat = {
    // Who the user is in this chat: its persona's name, else the profile name.
    userName: (await chatUser(ctx.db, user, chat)).name,
    characterName: chat.character_name,
    createdAt: chat.created_at,
    messages: messages.map((m) => ({ role: m.role, name: m.name, content: m.content, sendDate: m.send_date })),
  };
  const base = safeArchiveName(`${chat.character_name} - ${chat.created_at.slice(0, 10)}`);
  const files: { name: string; data: Uint8Array }[] = [{ name: `${base}.jsonl`, data: new TextEncoder().encode(writeChatJsonl(archive)) }];
  const png = await cardPngOf(ctx, user, chat);
  if (png) files.push({ name: `${safeArchiveName(chat.character_name)}.png`, data: png });
  const zipName = (requestedName?.trim() || base).replace(/\.zip$/i, '');
  return { bytes: buildChatZip(files), disposition: contentDisposition(zipName, '.zip') };
}

interface ImportedCard {
  card: Card;
  image: Image | undefined;
}

/** The archive's cards that read as cards, each with the matching card the user can already see. */
async function cardsOf(ctx: ServiceContext, user: RequestUser, pngs: { bytes: Uint8Array }[]): Promise<ImportedCard[]> {
  const cards: ImportedCard[] = [];
  for (const png of pngs) {
    let card: Card;
    try {
      card = readCard(png.bytes).card;
    } catch {
      continue; // A picture that is not a card says nothing about the chats beside it.
    }
    const sha256 = createHash('sha256').update(png.bytes).digest('hex');
    cards.push({ card, image: await findReadableImageBy(ctx.db, user.id, { sha256 }) });
  }
  return cards;
}

/**
 * Links an imported chat: the archive's card of that name (stored or carried along), or its only card
 * when it holds one chat (the chat file may name the character differently); else a card of that name.
 */
async function characterOf(ctx: ServiceContext, user: RequestUser, name: string, cards: ImportedCard[], alone: boolean) {
  const fromArchive = cards.find((c) => c.card.data.name === name) ?? (alone && cards.length === 1 ? cards[0] : undefined);
  const image = fromArchive?.image ?? (await findReadableImageBy(ctx.db, user.id, { cardName: name }));
  if (image) return { image_id: image.id, card_type: cardTypeOf(image), card_json: null } as const;
  return { image_id: null, card_type: 'user', card_json: fromArchive ? JSON.stringify(fromArchive.card) : null } as const;
}

function importFailure(error: unknown): never {
  if (isArchiveError(error)) throw new AppError(error.status, error.code, error.message);
  throw error;
}

/**
 * Imports every chat of an archive as new chats of the importer (never anyone else's, whatever the
 * files say), all or nothing.
 */
export async function importChats(ctx: ServiceContext, user: RequestUser, bytes: Uint8Array): Promise<ChatImportResponse> {
  let contents: ReturnType<typeof readChatZip>;
  try {
    contents = readChatZip(bytes);
  } catch (error) {
    importFailure(error);
  }
  const cards = await cardsOf(ctx, user, contents.cards);
  const now = new Date().toISOString();
  const planned: { row: Chat; messages: Message[] }[] = [];
  for (const { chat } of contents.chats) {
    const character = await characterOf(ctx, user, chat.characterName, cards, contents.chats.length === 1);
    // A chat exported as one of the importer's personas speaks as it again.
    const persona = await findOwnPersonaByName(ctx.db, user.id, chat.userName);
    const id = randomUUID();
    const messages: Message[] = chat.messages.map((m, seq) => ({
      id: randomUUID(),
      chat_id: id,
      seq,
      role: m.role,
      content: m.content,
      name: m.name,
      send_date: m.sendDate,
      client_id: null,
    }));
    const row: Chat = {
      id,
      user_id: user.id,
      character_name: chat.characterName,
      ...character,
      portrait_key: null,
      persona_id: persona?.id ?? null,
      message_count: messages.length,
      size: contentBytes(messages),
      last_message_at: messages.reduce((last, m) => (m.send_date > last ? m.send_date : last), chat.createdAt),
      created_at: chat.createdAt,
      updated_at: now,
    };
    planned.push({ row, messages });
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const { row, messages } of planned) {
      await insertChat(trx, row);
      await insertMessages(trx, messages);
    }
  });
  return {
    success: true,
    message: 'Chat data has been imported successfully.',
    imported: planned.map(({ row }) => ({
      chat_id: row.id,
      character_name: row.character_name,
      character_id: row.image_id,
      message_count: Number(row.message_count),
    })),
  };
}
