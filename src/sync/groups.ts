/** Group chats: each change is asked of the server (they need it), and the chat it answers is kept on the device. */
import type { CreateGroupRequest, RecentChat } from '@core/contract';
import { addGroupMember, createGroup, muteGroupMember, removeGroupMember } from '../api/groups';
import { saveChatListPage } from '../db/chatList';

async function kept(answer: Promise<RecentChat>): Promise<RecentChat> {
  const chat = await answer;
  await saveChatListPage([chat]);
  return chat;
}

export const makeGroup = (request: CreateGroupRequest) => kept(createGroup(request));
export const addMember = (chatId: string, characterId: string) => kept(addGroupMember(chatId, characterId));
export const setMemberMuted = (chatId: string, memberId: string, muted: boolean) => kept(muteGroupMember(chatId, memberId, muted));
export const removeMember = (chatId: string, memberId: string) => kept(removeGroupMember(chatId, memberId));
