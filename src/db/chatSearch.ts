import { matchesTerms, messageHit } from '@core/chat/search';
import type { MessageHit } from '@core/contract';
import { db, type LocalChat } from './db';

/**
 * The search inside chats over the messages this device holds (offline, or when cardchat cannot be
 * reached): every term in the message as the server's index reads them (core/chat/search.ts), newest
 * first, with the chats they are in. It reads each message once, so it costs what the device holds.
 */
export async function searchDeviceMessages(terms: string[], limit: number): Promise<{ hits: MessageHit[]; chats: LocalChat[] }> {
  if (terms.length === 0) return { hits: [], chats: [] };
  const found = await db.messages.filter((row) => row.state === 'sent' && matchesTerms(row.content, terms)).toArray();
  found.sort((a, b) => b.send_date.localeCompare(a.send_date));
  const hits = found.slice(0, limit).map((row) => messageHit(row, terms));
  const chats = (await db.chats.bulkGet([...new Set(hits.map((hit) => hit.chat_id))])).filter((chat) => chat !== undefined);
  return { hits, chats };
}
