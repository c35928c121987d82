/**
 * An imported chat file that is already here: the same character's chat begun at the same moment
 * (SillyTavern's create_date, kept as the chat's created_at), whose messages are the file's or the
 * start of them. Importing it again adds nothing; a newer copy adds only the messages beyond the ones
 * here. A chat changed here since (an edit, a deleted message) is not the file's any more, and the
 * file comes in as a chat of its own.
 */
import type { ArchiveChat, ArchiveMessage } from '@core/chat/index';
import { chatsBegunAt } from '../../db/repositories/chats';
import { allMessages } from '../../db/repositories/messages';
import type { Chat, Message } from '../../db/schema';
import type { ServiceContext } from '../context';

export type ChatMatch = { kind: 'new' } | { kind: 'same'; chat: Chat } | { kind: 'newer'; chat: Chat; from: number; nextSeq: number };

const storedKey = (m: Pick<Message, 'role' | 'content' | 'send_date'>) => `${m.role}\u0000${m.send_date}\u0000${m.content}`;
const fileKey = (m: ArchiveMessage) => `${m.role}\u0000${m.sendDate}\u0000${m.content}`;

export async function matchImportedChat(ctx: ServiceContext, userId: string, chat: ArchiveChat): Promise<ChatMatch> {
  for (const candidate of await chatsBegunAt(ctx.db, userId, chat.characterName, chat.createdAt)) {
    if (Number(candidate.message_count) > chat.messages.length) continue;
    const here = await allMessages(ctx.db, candidate.id);
    if (here.length > chat.messages.length) continue;
    if (!here.every((m, i) => storedKey(m) === fileKey(chat.messages[i]!))) continue;
    if (here.length === chat.messages.length) return { kind: 'same', chat: candidate };
    return { kind: 'newer', chat: candidate, from: here.length, nextSeq: Number(here.at(-1)?.seq ?? -1) + 1 };
  }
  return { kind: 'new' };
}
