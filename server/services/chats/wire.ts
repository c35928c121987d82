import type { ChatMessage, RecentChat } from '@core/contract';
import type { Chat, ChatMember, Message } from '../../db/schema';
import { groupFieldsOf } from '../groups/wire';
import { thumbnailUrl } from '@core/contract/constants';
import { versionReasoningOf } from './reasoningColumn';
import { swipeFieldsOf } from './storeMessages';

/** The URL of a chat's generated portrait (the user's own, so fetched with the Bearer token). */
export const portraitUrl = (chatId: string) => `/api/chats/photo/${chatId}`;

/**
 * A chat as the recent list shows it; `lastMessage` is the start of its newest message (repositories'
 * lastMessageStarts), `originExists` whether a branch's original is still there to link to.
 */
export function recentChatOf(
  chat: Chat,
  lastMessage: string | null,
  originExists: boolean,
  members: readonly ChatMember[] = [],
): RecentChat {
  return {
    chat_id: chat.id,
    character_name: chat.character_name,
    character_id: chat.image_id,
    // SillyTavern names a chat file after its character; older clients' lists show it.
    filename: `${chat.character_name}.jsonl`,
    card_type: chat.card_type,
    avatar_url: chat.portrait_key ? portraitUrl(chat.id) : chat.image_id ? thumbnailUrl(chat.image_id) : null,
    last_message_time: chat.last_message_at,
    modified: chat.updated_at,
    created_at: chat.created_at,
    message_count: Number(chat.message_count),
    size: Number(chat.size),
    persona_id: chat.persona_id,
    title: chat.title,
    last_message: lastMessage,
    branch_of: originExists ? chat.branch_of : null,
    branch_of_name: chat.branch_of_name,
    ...groupFieldsOf(chat, members),
  };
}

export function chatMessageOf(message: Message): ChatMessage {
  const { swipes, swipe_id } = swipeFieldsOf(message);
  const reasoning = versionReasoningOf(message);
  return {
    id: message.id,
    chat_id: message.chat_id,
    seq: Number(message.seq),
    role: message.role,
    content: message.content,
    name: message.name,
    send_date: message.send_date,
    client_id: message.client_id,
    ...(swipes ? { swipes, swipe_id } : {}),
    ...(Number(message.hidden) ? { hidden: true as const } : {}),
    ...(message.stopped_swipe === null ? {} : { stopped_swipe: Number(message.stopped_swipe) }),
    ...(reasoning ? { reasoning } : {}),
    ...(message.speaker_id === null ? {} : { speaker_id: message.speaker_id }),
  };
}
