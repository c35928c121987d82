import Dexie from 'dexie';
import { branchTitle } from '@core/chat/branches';
import { LAST_MESSAGE_CHARS } from '@core/contract/constants';
import { BRANCH_COPY_PREFIX } from '../../db/chatMessages';
import { db, type LocalChat, type LocalMessage, type MessageChange } from '../../db/db';
import { deliverSoon } from './changes';
import { queuedAt } from './queue';

const shownName = (chat: Pick<LocalChat, 'title' | 'character_name'>) => chat.title ?? chat.character_name;

/**
 * 'Branch from here': a new chat holding the history up to and including `row` (its versions and
 * marks as the device has them, the chat's persona), made on the device at once with its outbox
 * entry (the new chat's id is its key, so the server makes it once), in one transaction. Answers the
 * new chat's id, to open it.
 */
export async function branchFrom(row: LocalMessage): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction('rw', [db.chats, db.messages, db.outbox, db.chatPersonas], async () => {
    const origin = await db.chats.get(row.chat_id);
    if (!origin) throw new Error('The chat to branch is not on this device');
    const title = branchTitle(shownName(origin), (await db.chats.toArray()).map(shownName));
    const copies = (
      await db.messages
        .where('[chat_id+seq]')
        .between([origin.chat_id, Dexie.minKey], [origin.chat_id, row.seq], true, true)
        .filter((message) => message.state === 'sent')
        .toArray()
    ).map((message): LocalMessage => ({ ...message, id: `${BRANCH_COPY_PREFIX}${id}-${message.seq}`, chat_id: id, client_id: null }));
    const now = new Date().toISOString();
    await db.chats.add({
      ...origin,
      chat_id: id,
      title,
      branch_of: origin.chat_id,
      branch_of_name: shownName(origin),
      message_count: copies.length,
      last_message: copies.at(-1)?.content.slice(0, LAST_MESSAGE_CHARS) ?? null,
      last_message_time: now,
      modified: now,
      created_at: now,
      localOnly: true,
    });
    await db.messages.bulkAdd(copies);
    const persona = await db.chatPersonas.get(origin.chat_id);
    if (persona) await db.chatPersonas.put({ ...persona, chat_id: id });
    const entry: MessageChange = {
      kind: 'branch',
      client_id: id,
      chat_id: id,
      message_id: row.id,
      seq: row.seq,
      branch: { origin_id: origin.chat_id, title },
      created_at: queuedAt(undefined, Date.now()),
      attempts: 0,
      last_error: null,
    };
    await db.outbox.add(entry);
  });
  deliverSoon();
  return id;
}
