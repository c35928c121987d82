import type { LastPrompt } from '@core/contract';
import { getChatPrompt } from '../api/chatMemory';
import { isUnreachable } from '../api/errors';
import { db } from '../db/db';

export interface LoadedPrompt {
  /** Null: no reply was asked for in this chat yet (or none this device saw, offline). */
  prompt: LastPrompt | null;
  /** Read from the device because cardchat could not be reached. */
  offline: boolean;
}

/**
 * The chat's last prompt: the server's, kept on the device; the device's copy when cardchat cannot
 * be reached, so the view works offline for the last request this device saw.
 */
export async function loadLastPrompt(chatId: string): Promise<LoadedPrompt> {
  try {
    const { prompt } = await getChatPrompt(chatId);
    if (prompt) await db.chatPrompts.put({ chat_id: chatId, prompt });
    return { prompt: prompt ?? null, offline: false };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const kept = await db.chatPrompts.get(chatId);
    return { prompt: kept?.prompt ?? null, offline: true };
  }
}
