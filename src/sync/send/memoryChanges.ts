import { MEMORY_LIMITS, SUMMARY_LIMITS } from '@core/contract/constants';
import type { ChatNote, PutChatSummary } from '@core/contract';
import {
  deleteChatMemory,
  getChatNote,
  getChatSummary,
  listChatMemories,
  putChatMemory,
  putChatNote,
  putChatSummary,
} from '../../api/chatMemory';
import { ApiError, isUnreachable } from '../../api/errors';
import type { LocalMessage } from '../../db/db';
import type { MemoryChange } from '../../db/storyRows';
import {
  makeMemoryChangeLocally,
  recordMemoryAttempt,
  removeMemoryChange,
  storeServerMemories,
  waitingMemoryChanges,
} from '../../db/chatMemories';
import { waitUnlessRefused } from './outcomes';

/**
 * Pinned memories, the author's note and the summary changed on the device: applied to its copy at once and queued in `memoryOutbox`,
 * then sent oldest first, one at a time, right away and whenever the outbox flushes (flush.ts, after
 * the chats). A PUT by the memory's id, a DELETE and the note's and summary's PUTs mean the same when sent twice, so a change whose
 * answer was lost is sent again and applies once. Waits on what the messages' replay waits on (no
 * answer, 401, 408, 429, 5xx); any other answer is the server refusing it: it leaves the queue and
 * the chat's memories and note are pulled again, so the device shows what the server kept.
 */

export type MemoryEdit =
  | { kind: 'put'; memoryId?: string; text: string; messageId?: string }
  | { kind: 'delete'; memoryId: string }
  | { kind: 'note'; note: ChatNote }
  | { kind: 'summary'; summary: PutChatSummary };

/** Makes a change to the chat's memories on the device and sends it when it can. */
export async function changeMemory(chatId: string, edit: MemoryEdit): Promise<void> {
  const change: MemoryChange = {
    client_id: crypto.randomUUID(),
    chat_id: chatId,
    memory_id: ((edit.kind === 'put' || edit.kind === 'delete') && edit.memoryId) || crypto.randomUUID(),
    kind: edit.kind,
    ...(edit.kind === 'put' ? { text: edit.text.trim().slice(0, MEMORY_LIMITS.textChars) } : {}),
    ...(edit.kind === 'put' && edit.messageId ? { message_id: edit.messageId } : {}),
    ...(edit.kind === 'note' ? { note: { ...edit.note, text: edit.note.text.trim().slice(0, MEMORY_LIMITS.textChars) } } : {}),
    ...(edit.kind === 'summary' ? { summary: { ...edit.summary, text: edit.summary.text.trim().slice(0, SUMMARY_LIMITS.textChars) } } : {}),
    created_at: new Date().toISOString(),
    attempts: 0,
    last_error: null,
  };
  await makeMemoryChangeLocally(change);
  void sendMemoryChanges();
}

/** Pins a stored message: its text (cut to the limit) becomes a memory. */
export const pinMessage = (message: LocalMessage) =>
  changeMemory(message.chat_id, { kind: 'put', text: message.content, messageId: message.id });

function send(change: MemoryChange) {
  if (change.kind === 'note') return change.note ? putChatNote(change.chat_id, change.note) : Promise.resolve(null);
  if (change.kind === 'summary') return change.summary ? putChatSummary(change.chat_id, change.summary) : Promise.resolve(null);
  return change.kind === 'delete'
    ? deleteChatMemory(change.chat_id, change.memory_id)
    : putChatMemory(change.chat_id, change.memory_id, {
        text: change.text ?? '',
        ...(change.message_id ? { message_id: change.message_id } : {}),
      });
}

let running: Promise<void> | null = null;

/** Sends what waits; single-flight (a call while it runs joins it). Never throws. */
export function sendMemoryChanges(): Promise<void> {
  running ??= (async () => {
    try {
      for (const change of await waitingMemoryChanges()) {
        try {
          await send(change);
          await removeMemoryChange(change.client_id);
        } catch (error) {
          const apiError = error instanceof ApiError ? error : null;
          if (apiError && waitUnlessRefused(apiError)) {
            await recordMemoryAttempt(change.client_id, apiError.message);
            return;
          }
          console.error('A memory change was refused', error);
          await removeMemoryChange(change.client_id);
          await pullMemories(change.chat_id).catch(() => undefined);
        }
      }
    } catch (error) {
      console.error('Sending waiting memory changes failed', error);
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * The chat's memories from the server, with the device's waiting changes made again on them. Offline
 * (or when cardchat does not answer) the device's copy stands; another failure is thrown.
 */
export async function pullMemories(chatId: string): Promise<void> {
  try {
    const [{ memories }, note, summary] = await Promise.all([listChatMemories(chatId), getChatNote(chatId), getChatSummary(chatId)]);
    await storeServerMemories(chatId, memories, note, summary);
  } catch (error) {
    if (!isUnreachable(error)) throw error;
  }
}
