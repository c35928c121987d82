/** core/chat's public API: the pure chat logic shared by the server and the PWA. */
export {
  buildPrompt,
  exampleBlocks,
  DEFAULT_SYSTEM_PROMPT,
  DEFAULT_USER_NAME,
  EXAMPLE_CHAT_HEADER,
  NEW_CHAT_MARKER,
  LORE_BUDGET_SHARE,
  personaHeader,
  personaFooter,
  CARD_BUDGET_SHARE,
  TRUNCATION_MARKER,
  type BuildPromptInput,
  type BuiltPrompt,
  type PromptMessage,
} from './prompt';
export { estimateTokens, estimateMessageTokens, MESSAGE_OVERHEAD_TOKENS, truncateToTokens } from './tokens';
export { activeLore, activeLoreEntries, DEFAULT_SCAN_DEPTH, type LoreEntry, type LoreOptions, type LorePosition } from './lorebook';
export { tokenizeStyledText, type StyledKind, type StyledSegment } from './styledText';
export { cardGreetings, greetingAt, type CardGreeting } from './greetings';
export * from './sillytavern';
export { userDisplayName } from './userName';
export * from './swipes';
export { chatExportSteps } from './chatExports';
export { CHAT_FILE_EXTENSIONS, chatFileSteps, isChatFileName, writeChatText } from './chatFile';
