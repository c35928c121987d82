import { CARD_IMAGE_CACHE } from '@core/caches';
import { db, PUBLIC_CACHE_TABLES, USER_COPY_TABLES, type LocalMessage } from './db';

/**
 * Message states that hold something the user typed and the server does not have yet: they survive
 * "Clear local data", because a cleared cache can be pulled again but an unsent message cannot.
 */
const UNSENT: ReadonlySet<LocalMessage['state']> = new Set(['pending', 'failed']);

/**
 * Clears what this device keeps as a cache (the gallery, collections, favorites, characters, personas, chats and
 * messages, the card images) and keeps the sign-in (tokens and the cached profile), the outbox, its
 * unsent messages and the chats they belong to, so those chats still show in the list until they are
 * sent, and the persona choices the server does not have yet.
 */
export async function clearLocalData(): Promise<void> {
  const cleared = [...PUBLIC_CACHE_TABLES, ...USER_COPY_TABLES];
  await db.transaction('rw', [...cleared, db.chats, db.messages, db.outbox, db.chatPersonas], async () => {
    for (const table of cleared) await table.clear();
    await db.chatPersonas.filter((choice) => !choice.pending).delete();
    await db.messages.filter((message) => !UNSENT.has(message.state)).delete();
    const kept = new Set<string>();
    await db.messages.each((message) => kept.add(message.chat_id));
    await db.outbox.each((item) => kept.add(item.chat_id));
    await db.chats.filter((chat) => !kept.has(chat.chat_id)).delete();
  });
  // The service worker's runtime cache; absent where Cache Storage is (an insecure origin, a test).
  if (typeof caches !== 'undefined') await caches.delete(CARD_IMAGE_CACHE);
}

export interface StorageState {
  /** Bytes this origin stores (IndexedDB, Cache Storage, ...); null where the browser cannot tell. */
  usage: number | null;
  /** Whether the browser promised not to evict this origin's data; null where it cannot tell. */
  persisted: boolean | null;
}

/** What navigator.storage reports, each part null where unsupported or refused. */
export async function storageState(): Promise<StorageState> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => null) : null,
    storage?.persisted ? storage.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, persisted };
}

let persistenceAsked = false;

/**
 * Asks once per page load for persistent storage, so the browser does not evict unsent messages and
 * the offline copy under storage pressure. A refusal changes nothing: the data stays, only evictable.
 */
export async function askPersistentStorage(): Promise<void> {
  if (persistenceAsked) return;
  persistenceAsked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return;
  try {
    if (storage.persisted && (await storage.persisted())) return;
    await storage.persist();
  } catch {
    // Refused or unsupported: nothing to do, the app works the same.
  }
}
