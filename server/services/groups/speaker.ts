/**
 * Who writes a reply in a group chat: the member the person chose; for a new version of a reply or
 * more of it, that reply's own speaker; else the one the group's strategy picks, seeded by the
 * request's Idempotency-Key so a retry picks the same member (and tests know whom).
 */
import type { Kysely, Transaction } from 'kysely';
import { characterDisplayName, normalizeCard, type Card } from '@core/card/index';
import { seededRandom } from '@core/chat/macros/seeded';
import { pickSpeaker, talkativenessOf, type GroupStrategy } from '@core/group/index';
import { membersOf } from '../../db/repositories/chatMembers';
import { findImage } from '../../db/repositories/images';
import type { Chat, ChatMember, Database, Message } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { ReplyTarget } from '../chats/replyTarget';

type Db = Kysely<Database> | Transaction<Database>;

export interface GroupSpeaker {
  member: ChatMember;
  card: Card;
  /** The other members' names, for the prompt's line about them. */
  others: string[];
}

export interface SpeakerQuestion {
  target: ReplyTarget;
  /** The member the person chose (its id in the chat's members). */
  pickedId: string | undefined;
  /** The Idempotency-Key: the same request picks the same member. */
  seed: string;
  /** The chat up to the message answered, read only when the strategy needs it. */
  history: () => Promise<Message[]>;
}

/** The speaker of a group chat's reply; null for a chat with one character. */
export async function settleSpeaker(db: Db, chat: Chat, question: SpeakerQuestion): Promise<GroupSpeaker | null> {
  if (chat.group_strategy === null) return null;
  const members = (await membersOf(db, [chat.id])).filter((member) => member.image_id !== null);
  const cards = new Map(await Promise.all(members.map(async (member) => [member.id, await cardOf(db, member)] as const)));
  const member = await chosen(members, cards, chat.group_strategy as GroupStrategy, question);
  return { member, card: cards.get(member.id)!, others: members.filter((other) => other !== member).map((other) => other.name) };
}

async function chosen(
  members: ChatMember[],
  cards: Map<string, Card>,
  strategy: GroupStrategy,
  { target, pickedId, seed, history }: SpeakerQuestion,
): Promise<ChatMember> {
  if (target.kind !== 'new') {
    const reply = target.message;
    // A reply from before the chat was a group has no speaker id: its name says who wrote it.
    const own = members.find((m) => (reply.speaker_id ? m.image_id === reply.speaker_id : m.name === reply.name));
    if (!own) throw badRequest('speaker_gone', `${reply.name} is no longer in this group: add them back to write this reply again.`);
    return own;
  }
  if (pickedId !== undefined) {
    const picked = members.find((m) => m.id === pickedId);
    if (!picked) throw badRequest('not_a_member', 'That character is not in this group chat.');
    return picked;
  }
  const rows = await history();
  const id = pickSpeaker({
    strategy,
    members: members.map((m) => {
      const data = cards.get(m.id)!.data;
      return {
        id: m.id,
        names: [m.name, data.nickname ?? ''],
        talkativeness: talkativenessOf(data.extensions),
        muted: Number(m.muted) === 1,
      };
    }),
    history: rows
      .filter((row) => !Number(row.hidden))
      .map((row) => ({ role: row.role, content: row.content, speakerId: members.find((m) => m.image_id === row.speaker_id)?.id ?? null })),
    random: seededRandom(seed),
  });
  if (id === null) throw new AppError(409, 'all_muted', 'Every character in this group is muted: unmute one to get a reply.');
  return members.find((m) => m.id === id)!;
}

/** A member's card, or a bare one with its name when the card is gone. */
async function cardOf(db: Db, member: ChatMember): Promise<Card> {
  const image = member.image_id ? await findImage(db, member.image_id) : undefined;
  return image ? (JSON.parse(image.card_json) as Card) : normalizeCard({ name: member.name }).card;
}

/** The name a member's reply is stored under. */
export const speakerName = (speaker: GroupSpeaker) => characterDisplayName(speaker.card);
