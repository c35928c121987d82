/**
 * A chat's lorebook timed effects (sticky, cooldown), kept in its chat_metadata under SillyTavern's
 * own key, so an exported chat carries them to SillyTavern and an imported one brings them here.
 */
import type { Transaction } from 'kysely';
import type { TimedWorldInfo } from '@core/chat/index';
import { findChatById, setChatMetadata } from '../../db/repositories/chats';
import type { Chat, Database } from '../../db/schema';

const TIMED_KEY = 'timedWorldInfo';

/** A chat_metadata column read as an object; anything else (null, bad JSON) is an empty one. */
export function metadataOf(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The stored effects as they are (core/chat reads them defensively). */
export const timedWorldInfoOf = (json: string | null): unknown => metadataOf(json)[TIMED_KEY];

/** Keeps the effects a stored reply's prompt left, in the same transaction; writes only what changed. */
export async function storeTimedWorldInfo(
  trx: Transaction<Database>,
  chat: Pick<Chat, 'id' | 'chat_metadata'>,
  timed: TimedWorldInfo,
): Promise<void> {
  const empty = Object.keys(timed.sticky).length === 0 && Object.keys(timed.cooldown).length === 0;
  // Most cards have no timed entries and most chats no metadata: nothing to read or write.
  if (empty && !chat.chat_metadata) return;
  const metadata = metadataOf((await findChatById(trx, chat.id))?.chat_metadata ?? null);
  if (JSON.stringify(metadata[TIMED_KEY] ?? null) === JSON.stringify(empty ? null : timed)) return;
  if (empty) delete metadata[TIMED_KEY];
  else metadata[TIMED_KEY] = timed;
  await setChatMetadata(trx, chat.id, Object.keys(metadata).length === 0 ? null : JSON.stringify(metadata));
}
