import type { GroupMember, RecentChat } from '@core/contract';
import { thumbnailUrl } from '@core/contract/constants';
import type { Chat, ChatMember } from '../../db/schema';

export function groupMemberOf(member: ChatMember): GroupMember {
  return {
    id: member.id,
    character_id: member.image_id,
    name: member.name,
    card_type: member.card_type,
    avatar_url: member.image_id ? thumbnailUrl(member.image_id) : null,
    muted: Number(member.muted) === 1,
  };
}

/** What a group chat's list entry adds: its strategy and members; nothing for a chat with one character. */
export function groupFieldsOf(chat: Chat, members: readonly ChatMember[]): Pick<RecentChat, 'group_strategy' | 'members'> {
  if (chat.group_strategy === null) return {};
  return {
    group_strategy: chat.group_strategy as NonNullable<RecentChat['group_strategy']>,
    members: members.filter((member) => member.chat_id === chat.id).map(groupMemberOf),
  };
}

/** A group's name when the person gave none: its members' names. */
export const defaultGroupName = (members: readonly Pick<ChatMember, 'name'>[]) => members.map((member) => member.name).join(', ');
