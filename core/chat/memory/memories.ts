/**
 * A chat's pinned memories: short texts that always stay in its prompt. They live in the chat's
 * SillyTavern chat_metadata under a key of cardchat's own, so a chat exported as .jsonl carries them
 * and reads them back on import (SillyTavern keeps keys it does not know).
 */
import { MEMORY_LIMITS } from '../../contract/constants';

export const MEMORIES_KEY = 'cardchat_memories';

export interface PinnedMemory {
  id: string;
  text: string;
  /** The message it was pinned from; null for one written by hand. */
  message_id: string | null;
  /** ISO-8601 UTC. */
  created_at: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The memories a chat_metadata holds: anything that is not one (an imported file may say anything)
 * is skipped, texts are cut to the limit and at most the limit's count is read.
 */
export function memoriesOf(metadata: unknown): PinnedMemory[] {
  const list = isRecord(metadata) ? metadata[MEMORIES_KEY] : undefined;
  if (!Array.isArray(list)) return [];
  const out: PinnedMemory[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (out.length >= MEMORY_LIMITS.count) break;
    if (!isRecord(item) || typeof item.text !== 'string' || !item.text.trim()) continue;
    const id = typeof item.id === 'string' && item.id && !seen.has(item.id) ? item.id : `memory-${out.length}`;
    seen.add(id);
    out.push({
      id,
      text: item.text.trim().slice(0, MEMORY_LIMITS.textChars),
      message_id: typeof item.message_id === 'string' ? item.message_id : null,
      created_at: typeof item.created_at === 'string' ? item.created_at : '',
    });
  }
  return out;
}

/** The chat_metadata with these memories (none: the key is removed). */
export function withMemories(metadata: Record<string, unknown>, memories: readonly PinnedMemory[]): Record<string, unknown> {
  const { [MEMORIES_KEY]: _old, ...rest } = metadata;
  return memories.length > 0 ? { ...rest, [MEMORIES_KEY]: memories } : rest;
}

/** The prompt's memory section: one delimited block, oldest memory first; empty for none. */
export function memorySection(texts: readonly string[]): string {
  const lines = texts.map((text) => text.trim()).filter((text) => text !== '');
  return lines.length === 0 ? '' : `[Pinned memories of this chat:\n${lines.map((text) => `- ${text}`).join('\n')}]`;
}
