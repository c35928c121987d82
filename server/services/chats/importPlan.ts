/**
 * What an import will store, worked out before anything is written: each chat of the archive as a
 * new chat of the importer (never anyone else's, whatever the files say), linked to a card the
 * importer can see, or carrying the archive's own card along.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { listedFieldProblem, readCard, type Card } from '@core/card/index';
import { mainChatOf } from '@core/chat/index';
import { findReadableImageBy } from '../../db/repositories/images';
import { findOwnPersonaByName } from '../../db/repositories/personas';
import type { Chat, Image, Message, User } from '../../db/schema';
import type { ServiceContext } from '../context';
import { cardTypeOf } from '../images/presentation';
import type { ChatArchiveContents } from './archive/index';
import { orderedIds } from './orderedIds';
import { contentBytes, swipeColumns } from './storeMessages';

interface ImportedCard {
  card: Card;
  image: Image | undefined;
}

/** The archive's cards that read as cards, each with the matching card the user can already see. */
async function cardsOf(ctx: ServiceContext, userId: string, pngs: { bytes: Uint8Array }[]): Promise<ImportedCard[]> {
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
    cards.push({ card, image: await findReadableImageBy(ctx.db, userId, { sha256 }) });
  }
  return cards;
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
  row: Chat;
  messages: Message[];
}

/** The archive's chats as new chats of the user under the given ids, marked as importing, each with its messages. */
export async function planChats(
  ctx: ServiceContext,
  user: Pick<User, 'id'>,
  contents: ChatArchiveContents,
  ids: readonly string[],
  now: string,
): Promise<PlannedChat[]> {
  const cards = await cardsOf(ctx, user.id, contents.cards);
  const planned: PlannedChat[] = [];
  for (const [index, { chat }] of contents.chats.entries()) {
    const character = await characterOf(ctx, user.id, chat.characterName, cards, contents.chats.length === 1);
    // A chat exported as one of the importer's personas speaks as it again.
    const persona = await findOwnPersonaByName(ctx.db, user.id, chat.userName);
    const id = ids[index]!;
    const messageIds = orderedIds(chat.messages.length);
    const messages: Message[] = chat.messages.map((m, seq) => ({
      id: messageIds[seq]!,
      chat_id: id,
      seq,
      role: m.role,
      name: m.name,
      send_date: m.sendDate,
      client_id: null,
      hidden: m.hidden ? 1 : 0,
      stopped_swipe: null,
      model: m.model ?? null,
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
    planned.push({ row, messages });
    await nextTurn();
  }
  linkBranches(planned, contents);
  return planned;
}

/** The file name without its folders and `.jsonl`: what SillyTavern's `main_chat` names a chat by. */
const fileStem = (fileName: string) => (fileName.split('/').pop() ?? fileName).replace(/\.jsonl$/i, '');

/**
 * A branch imported with its original (SillyTavern's chats folder brought whole) links back to it:
 * the chat of the same archive whose file `main_chat` names. Chats stored before are not searched:
 * their file names were never kept.
 */
function linkBranches(planned: PlannedChat[], contents: ChatArchiveContents): void {
  const byStem = new Map(contents.chats.map(({ fileName }, index) => [fileStem(fileName), planned[index]!.row.id]));
  for (const { row } of planned) {
    const origin = row.branch_of_name === null ? undefined : byStem.get(row.branch_of_name);
    if (origin !== undefined && origin !== row.id) row.branch_of = origin;
  }
}
