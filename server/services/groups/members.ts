/**
 * Group chats: making one from 2–10 characters the person may chat with, adding members (a
 * one-character chat becomes a group), muting and removing them. Another user's chat or card is 404.
 */
import { randomUUID } from 'node:crypto';
import type { CreateGroupRequest, RecentChat } from '@core/contract';
import { MAX_GROUP_MEMBERS } from '@core/contract/constants';
import { deleteMember, insertMembers, membersOf, setGroup, setMemberMuted } from '../../db/repositories/chatMembers';
import { findChatById, findOwnChat, insertChat, lockChat } from '../../db/repositories/chats';
import { isUniqueViolation } from '../../db/errors';
import type { Chat, ChatMember, Image } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import type { ServiceContext } from '../context';
import { readableImage } from '../images/access';
import { cardTypeOf } from '../images/presentation';
import { lockAccount, type RequestUser } from '../users';
import { chatNotFound, listItem, ownChat } from '../chats/reads';
import { tidyTitle } from '../chats/update';
import { defaultGroupName } from './wire';

const tooMany = () => new AppError(400, 'too_many_members', `A group chat has at most ${MAX_GROUP_MEMBERS} characters.`);

const memberOf = (chatId: string, image: Pick<Image, 'id' | 'card_name' | 'is_public'>, position: number): ChatMember => ({
  id: randomUUID(),
  chat_id: chatId,
  image_id: image.id,
  name: image.card_name,
  card_type: cardTypeOf(image),
  position,
  muted: 0,
});

export async function createGroup(ctx: ServiceContext, user: RequestUser, request: CreateGroupRequest): Promise<RecentChat> {
  const existing = await findChatById(ctx.db, request.chat_id);
  if (existing) {
    // The same request again (a retry after a lost answer) gets the group it made.
    if (existing.user_id === user.id && existing.group_strategy !== null) return listItem(ctx.db, existing);
    throw chatNotFound();
  }
  const images: Image[] = [];
  for (const id of request.character_ids) images.push(await readableImage(ctx, id, user));
  const now = new Date().toISOString();
  const members = images.map((image, position) => memberOf(request.chat_id, image, position));
  const first = images[0]!;
  const chat: Chat = {
    id: request.chat_id,
    user_id: user.id,
    // The first member's card stands for the group where a chat shows one card (the chat list's filter).
    image_id: first.id,
    character_name: defaultGroupName(members),
    card_type: cardTypeOf(first),
    card_json: null,
    portrait_key: null,
    portrait_bytes: 0,
    message_count: 0,
    size: 0,
    persona_id: null,
    importing_since: null,
    chat_metadata: null,
    title: tidyTitle(request.title ?? null),
    branch_of: null,
    branch_of_name: null,
    group_strategy: request.strategy ?? 'natural',
    last_message_at: now,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, user.id);
      await insertChat(trx, chat);
      await insertMembers(trx, members);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return createGroup(ctx, user, request);
  }
  return listItem(ctx.db, chat);
}

/** Adds a character; a chat with one character becomes a group of it and the new one. */
export async function addMember(ctx: ServiceContext, user: RequestUser, chatId: string, characterId: string): Promise<RecentChat> {
  const chat = await ownChat(ctx, user, chatId);
  const image = await readableImage(ctx, characterId, user);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await lockChat(trx, chat.id);
    const members = await membersOf(trx, [chat.id]);
    const current: ChatMember[] =
      chat.group_strategy !== null || !chat.image_id
        ? members
        : [memberOf(chat.id, { id: chat.image_id, card_name: chat.character_name, is_public: chat.card_type === 'public' ? 1 : 0 }, 0)];
    if (current.some((member) => member.image_id === image.id))
      throw badRequest('already_member', `${image.card_name} is already in this chat.`);
    if (current.length >= MAX_GROUP_MEMBERS) throw tooMany();
    const added = memberOf(chat.id, image, (current.at(-1)?.position ?? -1) + 1);
    await insertMembers(trx, chat.group_strategy === null ? [...current, added] : [added]);
    await renamed(trx, chat, [...current, added], now);
  });
  return listItem(ctx.db, (await findOwnChat(ctx.db, user.id, chat.id))!);
}

export async function muteMember(ctx: ServiceContext, user: RequestUser, chatId: string, memberId: string, muted: boolean) {
  const chat = await ownChat(ctx, user, chatId);
  if (!(await setMemberMuted(ctx.db, chat.id, memberId, muted))) throw memberNotFound();
  return listItem(ctx.db, chat);
}

/** Removes a member; its replies stay with its name. A group keeps at least one member. */
export async function removeMember(ctx: ServiceContext, user: RequestUser, chatId: string, memberId: string): Promise<RecentChat> {
  const chat = await ownChat(ctx, user, chatId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockChat(trx, chat.id);
    const members = await membersOf(trx, [chat.id]);
    if (!members.some((member) => member.id === memberId)) throw memberNotFound();
    if (members.length === 1) throw badRequest('last_member', 'A group chat keeps at least one character.');
    await deleteMember(trx, chat.id, memberId);
    await renamed(
      trx,
      chat,
      members.filter((member) => member.id !== memberId),
      new Date().toISOString(),
    );
  });
  return listItem(ctx.db, (await findOwnChat(ctx.db, user.id, chat.id))!);
}

const memberNotFound = () => notFound('Member not found');

/** The group's name follows its members (a title the person gave stays as it is). */
function renamed(trx: Parameters<typeof setGroup>[0], chat: Chat, members: readonly ChatMember[], now: string) {
  return setGroup(trx, chat.id, {
    group_strategy: chat.group_strategy ?? 'natural',
    character_name: defaultGroupName(members),
    updated_at: now,
  });
}
