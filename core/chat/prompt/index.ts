/** The prompt builder: SillyTavern's default Chat Completion layout, its macros and lorebook (see build.ts). */
export { buildPrompt, NEW_CHAT_MARKER, CARD_BUDGET_SHARE } from './build';
export { DEFAULT_SYSTEM_PROMPT, DEFAULT_USER_NAME } from './context';
export { exampleBlocks, EXAMPLE_CHAT_HEADER } from './examples';
export { TRUNCATION_MARKER } from './fit';
export { AUTHORS_NOTE_DEPTH, AUTHORS_NOTE_ROLE, noteIsDue } from './inject';
export { LORE_BUDGET_SHARE } from './lore';
export { DEFAULT_NOTE_DEPTH, DEFAULT_NOTE_ROLE, personalityWrapper, scenarioWrapper } from './sections';
export { estimateTokens, estimateMessageTokens, MESSAGE_OVERHEAD_TOKENS } from '../tokens';
export type {
  AuthorsNote,
  BuildPromptInput,
  BuiltPrompt,
  LorePartInfo,
  PromptHistoryMessage,
  PromptMessage,
  PromptPart,
  PromptPartKind,
} from './types';
