/**
 * What an import will store, worked out before anything is written: each chat of the archive as a
 * new chat of the importer (never anyone else's, whatever the files say), linked to a card the
 * importer can see, or carrying the archive's own card along.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { listedFieldProblem, readCard, type Card } from '@core/card/index';
import { mainChatOf, type ArchiveMessage } from '@core/chat/index';
import { findImage, findReadableImageBy } from '../../db/repositories/images';
import { findOwnPersonaByName } from '../../db/repositories/personas';
import type { Chat, ChatMember, Image, Message, User } from '../../db/schema';
import { AppError } from '../../errors';
import { importedGroup } from '../groups/importMembers';
import type { ServiceContext } from '../context';
import { uploadCard } from '../uploads';
import { cardTypeOf } from '../images/presentation';
import type { ChatArchiveContents } from './archive/index';
import { matchImportedChat } from './importMatch';
import { orderedIds } from './orderedIds';
import { contentBytes, swipeColumns } from './storeMessages';
import { reasoningColumn } from './reasoningColumn';

interface ImportedCard {
  card: Card;
  image: Image | undefined;
}

/** Something of an import left out, by its name, with the reason in the words an upload would have answered. */
export interface SkippedItem {
  name: string;
  reason: string;
}

/**
 * The archive's cards that read as cards, each as a card the user can see: one they have (the same
 * bytes), else stored into their Collections as an upload would be. A card the plan has no slot or
 * room for is listed as skipped, and its chats carry it along as before.
 */
async function cardsOf(
  ctx: ServiceContext,
  user: User,
  pngs: { fileName: string; bytes: Uint8Array }[],
  skipped: SkippedItem[],
): Promise<ImportedCard[]> {
  const cards: ImportedCard[] = [];
  for (const png of pngs) {
    let card: Card;
    try {
      card = readCard(png.bytes).card;
    } catch {
      continue; // A picture that is not a card says nothing about the chats beside it.
    }
    // A card no upload would take is not kept with the chats either (lists would show its fields).
    if (listedFieldProblem(card.data)) continue;
    const sha256 = createHash('sha256').update(png.bytes).digest('hex');
    const image = (await findReadableImageBy(ctx.db, user.id, { sha256 })) ?? (await storeCard(ctx, user, png, sha256, skipped));
    cards.push({ card, image });
  }
  return cards;
}

/** Stores an archive's card as the user's upload; undefined (and listed) when it does not fit. */
async function storeCard(
  ctx: ServiceContext,
  user: User,
  png: { fileName: string; bytes: Uint8Array },
  sha256: string,
  skipped: SkippedItem[],
): Promise<Image | undefined> {
  const name = png.fileName.split('/').pop() ?? png.fileName;
  try {
    const form = { filename: name, mimetype: 'image/png', bytes: png.bytes, truncated: false, publicRelease: false };
    const stored = await uploadCard(ctx, { ...user, isAdmin: false }, form);
    return await findImage(ctx.db, stored.file_id);
  } catch (error) {
    // Two imports of one account never run at once, but an upload of the same bytes may just have landed.
    if (error instanceof AppError && error.code === 'duplicate') return findReadableImageBy(ctx.db, user.id, { sha256 });
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    skipped.push({ name, reason: error.message });
    return undefined;
  }
}

/**
 * Links an imported chat: the archive's card of that name (stored or carried along), or its only card
 * when it holds one chat (the chat file may name the character differently); else a card of that name.
 */
async function characterOf(ctx: ServiceContext, userId: string, name: string, cards: ImportedCard[], alone: boolean) {
  const fromArchive = cards.find((c) => c.card.data.name === name) ?? (alone && cards.length === 1 ? cards[0] : undefined);
  const image = fromArchive?.image ?? (await findReadableImageBy(ctx.db, userId, { cardName: name }));
  if (image) return { image_id: image.id, card_type: cardTypeOf(image), card_json: null } as const;
  return { image_id: null, card_type: 'user', card_json: fromArchive ? JSON.stringify(fromArchive.card) : null } as const;
}

export interface PlannedChat {
  fileName: string;
  row: Chat;
  messages: Message[];
  /** A group chat's members; none for a chat with one character (or one already here). */
  members: ChatMember[];
  /** The row is a chat already here (an older copy of the file): the messages go on after its own. */
  appended?: true;
}

/** A file's messages as rows of the chat, numbered from `firstSeq`. */
function messageRows(
  messages: ArchiveMessage[],
  chatId: string,
  firstSeq: number,
  speakerOf: (name: string) => string | null = () => null,
): Message[] {
  // Time-ordered ids: a step of new rows lands on the id index's last pages, not one page each.
  const ids = orderedIds(messages.length);
  return messages.map((m, index) => ({
    id: ids[index]!,
    chat_id: chatId,
    seq: firstSeq + index,
    role: m.role,
    name: m.name,
    send_date: m.sendDate,
    client_id: null,
    hidden: m.hidden ? 1 : 0,
    stopped_swipe: null,
    model: m.model ?? null,
    reasoning: reasoningColumn(m.reasoning),
    speaker_id: m.role === 'assistant' ? speakerOf(m.name) : null,
    file_fields: m.fileFields ? JSON.stringify(m.fileFields) : null,
    ...swipeColumns({ content: m.content, swipes: m.swipes, swipe_id: m.swipeId }),
  }));
}

/**
 * The archive's chats as new chats of the user under the given ids, marked as importing, each with
 * its messages; a file already here is left out (listed in `skipped`), and a newer copy of one adds
 * its new messages to the chat here.
 */
export async function planChats(
  ctx: ServiceContext,
  user: User,
  contents: ChatArchiveContents,
  ids: readonly string[],
  now: string,
  skipped: SkippedItem[],
): Promise<PlannedChat[]> {
  const cards = await cardsOf(ctx, user, contents.cards, skipped);
  const planned: PlannedChat[] = [];
  for (const [index, { fileName, chat }] of contents.chats.entries()) {
    const match = await matchImportedChat(ctx, user.id, chat);
    if (match.kind === 'same') {
      skipped.push({ name: fileName, reason: 'Already here: a chat with the same messages.' });
      continue;
    }
    if (match.kind === 'newer') {
      const messages = messageRows(chat.messages.slice(match.from), match.chat.id, match.nextSeq);
      planned.push({ fileName, row: match.chat, messages, members: [], appended: true });
      continue;
    }
    const id = ids[index]!;
    const group = chat.group ? await importedGroup(ctx, user.id, chat, id) : null;
    const lead = group?.members.find((member) => member.image_id !== null);
    const character = group
      ? ({ image_id: lead?.image_id ?? null, card_type: lead?.card_type ?? 'user', card_json: null } as const)
      : await characterOf(ctx, user.id, chat.characterName, cards, contents.chats.length === 1);
    // A chat exported as one of the importer's personas speaks as it again.
    const persona = await findOwnPersonaByName(ctx.db, user.id, chat.userName);
    const messages = messageRows(chat.messages, id, 0, group ? (name) => group.speakerOf(name) : undefined);
    const row: Chat = {
      id,
      user_id: user.id,
      character_name: chat.characterName,
      group_strategy: group ? 'natural' : null,
      ...character,
      portrait_key: null,
      persona_id: persona?.id ?? null,
      portrait_bytes: 0,
      importing_since: now,
      chat_metadata: chat.metadata ? JSON.stringify(chat.metadata) : null,
      title: null,
      // A SillyTavern branch names the file it came from: shown as "Branch of …", linked by linkBranches.
      branch_of: null,
      branch_of_name: mainChatOf(chat.metadata),
      message_count: messages.length,
      size: contentBytes(messages),
      last_message_at: messages.reduce((last, m) => (m.send_date > last ? m.send_date : last), chat.createdAt),
      created_at: chat.createdAt,
      updated_at: now,
    };
    planned.push({ fileName, row, messages, members: group?.members ?? [] });
    await nextTurn();
  }
  linkBranches(planned);
  return planned;
}

/** The file name without its folders and `.jsonl`: what SillyTavern's `main_chat` names a chat by. */
const fileStem = (fileName: string) => (fileName.split('/').pop() ?? fileName).replace(/\.jsonl$/i, '');

/**
 * A branch imported with its original (SillyTavern's chats folder brought whole) links back to it:
 * the chat of the same archive whose file `main_chat` names. Chats stored before are not searched:
 * their file names were never kept.
 */
function linkBranches(planned: PlannedChat[]): void {
  const byStem = new Map(planned.map(({ fileName, row }) => [fileStem(fileName), row.id]));
  for (const { row, appended } of planned) {
    const origin = appended || row.branch_of_name === null ? undefined : byStem.get(row.branch_of_name);
    if (origin !== undefined && origin !== row.id) row.branch_of = origin;
  }
}
