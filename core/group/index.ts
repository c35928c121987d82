/** Group chats: who speaks next, and the prompt for a member's reply. */
export { mentionedIn, wordsOf } from './mentions';
export { buildGroupPrompt, GROUP_NUDGE, othersLine, type GroupPromptInput } from './prompt';
export {
  DEFAULT_TALKATIVENESS,
  GROUP_STRATEGIES,
  pickSpeaker,
  talkativenessOf,
  type GroupStrategy,
  type SpeakerCandidate,
  type SpokenMessage,
} from './strategies';
