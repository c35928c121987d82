import type { ChatMessage } from '@core/contract';
import { lockChat } from '../../db/repositories/chats';
import { nextSeq } from '../../db/repositories/messages';
import { emitEvent } from '../../events/emit';
import { checkStorageRoom } from '../storage';
import type { RequestUser } from '../users';
import { userDisplayName } from '@core/chat/index';
import { checkedMessageText } from './messageText';
import { ownChat } from './reads';
import { message as newMessage } from './messageRow';
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
    const message = newMessage(
      chat,
      await nextSeq(trx, chat.id),
      { role: 'user', content, name: userDisplayName(user) },
      sent.toISOString(),
    );
    await storeMessages(trx, chat.id, [message], now.toISOString());
    const stored = chatMessageOf(message);
    await emitEvent(trx, user.id, 'message.created', stored);
    return stored;
  });
}
