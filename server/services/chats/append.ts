import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@core/contract';
import { lockChat } from '../../db/repositories/chats';
import { nextSeq } from '../../db/repositories/messages';
import type { Message } from '../../db/schema';
import { emitEvent } from '../../events/emit';
import { checkStorageRoom } from '../storage';
import type { RequestUser } from '../users';
import { userDisplayName } from '@core/chat/index';
import { checkedMessageText } from './messageText';
import { ownChat } from './reads';
import { storeMessages } from './storeMessages';
import { chatMessageOf } from './wire';
import type { ServiceContext } from '../context';

/**
 * POST /api/messages: adds the user's message to their chat without asking for a reply. The send
 * time is the client's when it is a valid date no later than now (a message written offline keeps
 * when it was written), else the server's.
 */
export async function appendMessage(
  ctx: ServiceContext,
  user: RequestUser,
  body: { chatId: string; content: string; timestamp?: string | undefined },
): Promise<ChatMessage> {
  const content = checkedMessageText(body.content);
  const chat = await ownChat(ctx, user, body.chatId);
  await checkStorageRoom(ctx.db, user, 0);
  const now = new Date();
  const claimed = body.timestamp ? new Date(body.timestamp) : undefined;
  const sent = claimed && !Number.isNaN(claimed.getTime()) && claimed <= now ? claimed : now;
  return ctx.db.transaction().execute(async (trx) => {
    await lockChat(trx, chat.id);
    const message: Message = {
      id: randomUUID(),
      chat_id: chat.id,
      seq: await nextSeq(trx, chat.id),
      role: 'user',
      content,
      name: userDisplayName(user),
      send_date: sent.toISOString(),
      client_id: null,
      swipes: null,
      swipe_id: null,
      hidden: 0,
      stopped_swipe: null,
      model: null,
      reasoning: null,
      speaker_id: null,
      file_fields: null,
    };
    await storeMessages(trx, chat.id, [message], now.toISOString());
    const stored = chatMessageOf(message);
    await emitEvent(trx, user.id, 'message.created', stored);
    return stored;
  });
}
