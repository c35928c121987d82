/** core/chat's public API: the pure chat logic shared by the server and the PWA. */
export * from './prompt/index';
export { truncateToTokens } from './tokens';
export * from './macros/index';
export * from './lore/index';
export { fillGreeting, greetingEnv } from './greetingMacros';
export { tokenizeStyledText, type StyledKind, type StyledSegment } from './styledText';
export { cardGreetings, greetingAt, type CardGreeting } from './greetings';
export * from './sillytavern';
export { userDisplayName } from './userName';
export { messageLength, splitMessage } from './messageParts';
export * from './swipes';
export { authorsNoteOf, NOTE_DEFAULTS, withAuthorsNote } from './memory/authorsNote';
export { MEMORIES_KEY, memoriesOf, memorySection, withMemories, type PinnedMemory } from './memory/memories';
export {
  demoSummary,
  promptSummary,
  SUMMARY_KEY,
  SUMMARY_WORDS,
  summaryDue,
  summaryOf,
  summaryRequest,
  summarySection,
  withSummary,
  type ChatSummaryState,
  type SummaryLine,
} from './memory/summary';
export { chatExportSteps } from './chatExports';
export { CHAT_FILE_EXTENSIONS, chatFileSteps, isChatFileName, writeChatText } from './chatFile';
export { branchBase, branchTitle, mainChatOf } from './branches';
