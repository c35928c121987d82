/** Group chats: making one, and adding, muting and removing its members. The members come with each RecentChat. */
import { Type, type Static } from 'typebox';
import { ChatIdParams, GroupStrategy, RecentChat } from './chats';
import { Id, type Endpoint } from './common';
import { MAX_CHAT_TITLE_CHARS, MAX_GROUP_MEMBERS, MIN_GROUP_MEMBERS } from './constants';
import * as routes from './routes';

export const CreateGroupRequest = Type.Object({
  /** Made by the client, as a one-character chat's id is. */
  chat_id: Id,
  /** The characters (cards' file_ids) in their order: cards the person may chat with. */
  character_ids: Type.Array(Id, { minItems: MIN_GROUP_MEMBERS, maxItems: MAX_GROUP_MEMBERS, uniqueItems: true }),
  /** The group's name; absent or blank: the members' names. */
  title: Type.Optional(Type.String({ maxLength: MAX_CHAT_TITLE_CHARS })),
  strategy: Type.Optional(GroupStrategy),
});
export type CreateGroupRequest = Static<typeof CreateGroupRequest>;

export const AddMemberRequest = Type.Object({ character_id: Id });
export const UpdateMemberRequest = Type.Object({ muted: Type.Boolean() });
export const MemberParams = Type.Object({ chat_id: Id, member_id: Id });

/** 201 with the new chat, also when it was made before under the same id. */
export const createGroup = { ...routes.createGroup, body: CreateGroupRequest, response: { 201: RecentChat } } satisfies Endpoint;
/** Adds a character to a group; a one-character chat becomes a group of two. */
export const addGroupMember = {
  ...routes.addGroupMember,
  params: ChatIdParams,
  body: AddMemberRequest,
  response: { 200: RecentChat },
} satisfies Endpoint;
export const updateGroupMember = {
  ...routes.updateGroupMember,
  params: MemberParams,
  body: UpdateMemberRequest,
  response: { 200: RecentChat },
} satisfies Endpoint;
/** The member's replies stay, with its name. The last member cannot be removed. */
export const removeGroupMember = { ...routes.removeGroupMember, params: MemberParams, response: { 200: RecentChat } } satisfies Endpoint;
