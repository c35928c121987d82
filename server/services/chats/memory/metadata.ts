/** Changes to a chat's chat_metadata made by its owner (memories, the author's note). */
import { findOwnChat, lockChat, setChatMetadata } from '../../../db/repositories/chats';
import type { ServiceContext } from '../../context';
import { checkStorageRoom } from '../../storage';
import type { RequestUser } from '../../users';
import { chatNotFound } from '../reads';
import { metadataOf } from '../timedLore';

/**
 * Writes `change(metadata)` as the user's chat's chat_metadata, under the chat's lock (a reply writes
 * the same column) and within the storage quota (it counts there); 404 for a chat that is not theirs.
 */
export function changeChatMetadata(
  ctx: ServiceContext,
  user: Pick<RequestUser, 'id' | 'plan'>,
  chatId: string,
  change: (metadata: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findOwnChat(trx, user.id, chatId))) throw chatNotFound();
    await lockChat(trx, chatId);
    // Read again under the lock: a reply may have written the column meanwhile.
    const chat = await findOwnChat(trx, user.id, chatId);
    if (!chat) throw chatNotFound();
    const json = JSON.stringify(change(metadataOf(chat.chat_metadata)));
    const text = json === '{}' ? null : json;
    const growth = (text?.length ?? 0) - (chat.chat_metadata?.length ?? 0);
    if (growth > 0) await checkStorageRoom(trx, user, growth);
    await setChatMetadata(trx, chatId, text);
  });
}
