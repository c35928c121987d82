/**
 * Rows of the tables that keep what the AI sees and how it writes: a chat's last prompt, its pinned
 * memories and author's note, the generation settings, and their changes waiting to be sent.
 */
import type { GenerationSettings } from '@core/aiSettings/samplers';
import type { AiPresetSave, ChatNote, ChatSummary, LastPrompt, PinnedMemoryView, PutChatSummary } from '@core/contract';
import type { QueuedItem } from './db';

/** A chat's last prompt as the server last gave it, so the Prompt view opens offline. */
export interface LocalChatPrompt {
  chat_id: string;
  prompt: LastPrompt;
}

/** A chat's pinned memories as the device knows them: the server's, with the changes still waiting applied. */
export interface LocalChatMemories {
  chat_id: string;
  memories: PinnedMemoryView[];
  /** The chat's author's note; absent until pulled or changed here. */
  note?: ChatNote;
  /** The chat's running summary; absent until pulled or changed here. */
  summary?: ChatSummary;
}

/**
 * A change to a chat's pinned memories, author's note or summary made on the device, waiting to be sent (sync/send/memoryChanges.ts):
 * a PUT of the memory's text by its id, its delete, a PUT of the note or of the summary; each means the same when sent twice.
 */
export interface MemoryChange {
  client_id: string;
  chat_id: string;
  memory_id: string;
  kind: 'put' | 'delete' | 'note' | 'summary';
  text?: string;
  /** The author's note a 'note' change sets (PUT /api/chats/{chat_id}/note). */
  note?: ChatNote;
  /** The summary's text and switch a 'summary' change sets (PUT /api/chats/{chat_id}/summary). */
  summary?: PutChatSummary;
  message_id?: string;
  created_at: string;
  attempts: number;
  last_error: string | null;
}

/**
 * Generation settings as the device last knew them: `defaults` (the person's, with the server's
 * context cap) or `chat:<chat id>` (a chat's own; none: it follows the defaults).
 */
export interface LocalAiSettings {
  key: string;
  settings: GenerationSettings;
  /** On `defaults`: the largest context size the server allows. */
  context_cap?: number;
}

/**
 * A change to generation settings or presets made on the device, waiting in `aiOutbox` until the
 * server has it (sync/send/aiChanges.ts): sent oldest first, before the chats' messages, so a
 * message written after a change is answered with it. Each request replaces what it names, so one
 * sent twice changes nothing more.
 */
export interface AiChange extends Omit<QueuedItem, 'chat_id'> {
  kind: 'defaults' | 'chat' | 'chat_clear' | 'preset_save' | 'preset_delete';
  /** The chat's id (chat, chat_clear) or the preset's (preset_save, preset_delete); '' for the defaults. */
  target: string;
  settings?: GenerationSettings;
  preset?: AiPresetSave;
}
