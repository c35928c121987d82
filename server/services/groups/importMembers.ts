/**
 * A SillyTavern group chat imported: its members are the names its replies carry, in the order they
 * first speak, each mapped to a card the importer may read (the card its `original_avatar` names when
 * cardchat wrote the file, else one of that name). A member with no such card keeps its name and its
 * replies, without a card, until the person adds one.
 */
import { randomUUID } from 'node:crypto';
import type { ArchiveChat } from '@core/chat/index';
import { findImage, findReadableImageBy } from '../../db/repositories/images';
import type { ChatMember, Image } from '../../db/schema';
import type { ServiceContext } from '../context';
import { cardTypeOf } from '../images/presentation';
import { SPEAKER_AVATAR_SUFFIX } from '../chats/transfer';

export interface ImportedGroup {
  members: ChatMember[];
  /** The card of the member who wrote a reply of this name, or null. */
  speakerOf: (name: string) => string | null;
}

export async function importedGroup(ctx: ServiceContext, userId: string, chat: ArchiveChat, chatId: string): Promise<ImportedGroup> {
  const avatars = new Map<string, string | undefined>();
  for (const m of chat.messages) if (m.role === 'assistant' && !avatars.has(m.name)) avatars.set(m.name, m.avatar);
  const members: ChatMember[] = [];
  for (const [name, avatar] of avatars) {
    const image = (await namedCard(ctx, userId, avatar)) ?? (await findReadableImageBy(ctx.db, userId, { cardName: name }));
    members.push({
      id: randomUUID(),
      chat_id: chatId,
      image_id: image?.id ?? null,
      name,
      card_type: image ? cardTypeOf(image) : 'user',
      position: members.length,
      muted: 0,
    });
  }
  const byName = new Map(members.map((member) => [member.name, member.image_id]));
  return { members, speakerOf: (name) => byName.get(name) ?? null };
}

/** The readable card an `original_avatar` of cardchat's (`<card id>.png`) names. */
async function namedCard(ctx: ServiceContext, userId: string, avatar: string | undefined): Promise<Image | undefined> {
  if (!avatar?.endsWith(SPEAKER_AVATAR_SUFFIX)) return undefined;
  const image = await findImage(ctx.db, avatar.slice(0, -SPEAKER_AVATAR_SUFFIX.length));
  return image && (image.is_public === 1 || image.owner_id === userId) ? image : undefined;
}
