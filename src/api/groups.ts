import type { CreateGroupRequest } from '@core/contract';
import { api } from './call';
import * as routes from '@core/contract/routes';

/** POST /api/groups: a group chat of 2–10 characters; the same chat_id again makes nothing new. */
export const createGroup = (body: CreateGroupRequest) => api(routes.createGroup, { body });

/** POST /api/chats/{chat_id}/members: adds a character (a one-character chat becomes a group). */
export const addGroupMember = (chatId: string, characterId: string) =>
  api(routes.addGroupMember, { params: { chat_id: chatId }, body: { character_id: characterId } });

/** PATCH /api/chats/{chat_id}/members/{member_id}: mutes or unmutes a member. */
export const muteGroupMember = (chatId: string, memberId: string, muted: boolean) =>
  api(routes.updateGroupMember, { params: { chat_id: chatId, member_id: memberId }, body: { muted } });

/** DELETE /api/chats/{chat_id}/members/{member_id}: its replies stay. */
export const removeGroupMember = (chatId: string, memberId: string) =>
  api(routes.removeGroupMember, { params: { chat_id: chatId, member_id: memberId } });
