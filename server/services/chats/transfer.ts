import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { buffer } from 'node:stream/consumers';
import { readCard, writeCard, type Card } from '@core/card/index';
import { writeChatJsonl, writeChatText, type ArchiveChat, type ArchiveMessage } from '@core/chat/index';
import type { ChatExportFormat, ChatImportResponse } from '@core/contract';
import { deleteChats, deleteStaleImports, finishImport, insertChat } from '../../db/repositories/chats';
import { findImage, findReadableImageBy, lockOwner } from '../../db/repositories/images';
import { chatStoredBytes } from '../../db/repositories/storage';
import { allMessages, insertMessages } from '../../db/repositories/messages';
import { findOwnPersonaByName } from '../../db/repositories/personas';
import type { Chat, Image, Message } from '../../db/schema';
import { AppError } from '../../errors';
import { buildChatZip, isArchiveError, readChatUploads, safeArchiveName, type ChatArchiveContents } from './archive/index';
import { defaultPortrait } from '../cardPictures';
import { canRead } from '../images/access';
import { contentDisposition } from '../images/files';
import { cardTypeOf } from '../images/presentation';
import type { ServiceContext } from '../context';
import { checkStorageRoom } from '../storage';
import type { RequestUser } from '../users';
import { chatUser } from './persona';
import { ownChat } from './reads';
import { contentBytes, swipeColumns, swipeFieldsOf } from './storeMessages';

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

/** A stored chat as its chat file says it (the header's fields): every export writes it the same way. */
export const archiveChatOf = (
  userName: string,
  chat: Pick<Chat, 'character_name' | 'created_at' | 'chat_metadata'>,
): Omit<ArchiveChat, 'messages'> => ({
  userName,
  characterName: chat.character_name,
  createdAt: chat.created_at,
  metadata: chat.chat_metadata ? (JSON.parse(chat.chat_metadata) as Record<string, unknown>) : undefined,
});

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
  const base = safeArchiveName(`${chat.character_name} - ${chat.created_at.slice(0, 10)}`);
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

/** The most one write of an import stores: a few milliseconds of the database's time, then others get a turn. */
const IMPORT_STEP = { messages: 2_000, bytes: 512 * 1024 };

/** The messages in runs of at most IMPORT_STEP, each run one transaction. */
function* importSteps(messages: Message[]): Generator<Message[]> {
  let run: Message[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(message.content);
    if (run.length > 0 && (run.length === IMPORT_STEP.messages || bytes + size > IMPORT_STEP.bytes)) {
      yield run;
      run = [];
      bytes = 0;
    }
    run.push(message);
    bytes += size;
  }
  if (run.length > 0) yield run;
}

interface PlannedChat {
  row: Chat;
  messages: Message[];
}

/** The archive's chats as new chats of the user, marked as importing, each with its messages. */
async function planChats(ctx: ServiceContext, user: RequestUser, contents: ChatArchiveContents, now: string): Promise<PlannedChat[]> {
  const cards = await cardsOf(ctx, user, contents.cards);
  const planned: PlannedChat[] = [];
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
      name: m.name,
      send_date: m.sendDate,
      client_id: null,
      hidden: m.hidden ? 1 : 0,
      ...swipeColumns({ content: m.content, swipes: m.swipes, swipe_id: m.swipeId }),
    }));
    const row: Chat = {
      id,
      user_id: user.id,
      character_name: chat.characterName,
      ...character,
      portrait_key: null,
      persona_id: persona?.id ?? null,
      portrait_bytes: 0,
      importing_since: now,
      chat_metadata: chat.metadata ? JSON.stringify(chat.metadata) : null,
      message_count: messages.length,
      size: contentBytes(messages),
      last_message_at: messages.reduce((last, m) => (m.send_date > last ? m.send_date : last), chat.createdAt),
      created_at: chat.createdAt,
      updated_at: now,
    };
    planned.push({ row, messages });
    await nextTurn();
  }
  return planned;
}

/**
 * Stores planned chats: the chats first, hidden (importing) and holding their room in the user's
 * quota, under the user's lock; then their messages a step at a time with a turn for other requests
 * between steps (one long transaction would hold SQLite's one connection, and everyone's requests,
 * for seconds); then the mark is cleared. A failure deletes the chats again; a crash leaves them
 * marked, and a later import removes them.
 */
async function storeChats(ctx: ServiceContext, user: RequestUser, planned: PlannedChat[]): Promise<void> {
  const adding = planned.reduce((sum, { row }) => sum + chatStoredBytes(row), 0);
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, user.id);
    await checkStorageRoom(trx, user, adding);
    for (const { row } of planned) await insertChat(trx, row);
  });
  const ids = planned.map(({ row }) => row.id);
  try {
    for (const { messages } of planned) {
      for (const step of importSteps(messages)) {
        await ctx.db.transaction().execute((trx) => insertMessages(trx, step));
        await nextTurn();
      }
    }
    await finishImport(ctx.db, ids);
  } catch (error) {
    await deleteChats(ctx.db, ids).catch((err: unknown) => ctx.log.warn({ err }, 'clean-up after a failed import failed'));
    throw error;
  }
}

/**
 * Imports every chat of the uploaded files (archives and bare chat files) as new chats of the
 * importer (never anyone else's, whatever the files say), all or nothing, within the storage quota.
 */
export async function importChats(
  ctx: ServiceContext,
  user: RequestUser,
  files: { name: string; bytes: Uint8Array }[],
): Promise<ChatImportResponse> {
  // A full account is told so before its archive costs any inflating.
  await checkStorageRoom(ctx.db, user, 0);
  let contents: ChatArchiveContents;
  try {
    contents = await readChatUploads(files);
  } catch (error) {
    importFailure(error);
  }
  const started = new Date();
  const planned = await planChats(ctx, user, contents, started.toISOString());
  await deleteStaleImports(ctx.db, started);
  await storeChats(ctx, user, planned);
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
