/** The tables of what the AI sees and how it writes: a chat's last prompt, generation settings, presets. */
/** The last prompt sent to the AI for a chat: its parts (JSON) and budget. */
export interface ChatPromptsTable {
  chat_id: string;
  parts: string;
  estimated_tokens: number;
  context_tokens: number;
  reply_tokens: number;
  history_messages: number;
  dropped_history: number;
  dropped_examples: number;
  built_at: string;
}

/** A person's default generation settings (`defaults:<user id>`) or a chat's own (`chat:<chat id>`). */
export interface AiSettingsTable {
  id: string;
  user_id: string;
  chat_id: string | null;
  /** JSON of the set fields (core/aiSettings GenerationSettings). */
  settings: string;
  updated_at: string;
}

/** A named set of generation settings; `extra` is JSON of a preset file's fields we keep but do not use. */
export interface AiPresetsTable {
  id: string;
  user_id: string;
  name: string;
  settings: string;
  extra: string;
  created_at: string;
  updated_at: string;
}
