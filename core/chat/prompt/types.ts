/** The prompt builder's input and output shapes. */
import type { Card } from '../../card/index';
import type { ChatRole } from '../../contract';
import type { FiredReason, LorePosition, PromptRole, TimedWorldInfo } from '../lore/index';

export interface PromptMessage {
  role: PromptRole;
  content: string;
}

/** A stored message as the prompt reads it. */
export interface PromptHistoryMessage {
  role: ChatRole;
  content: string;
  /** Who said it, as the lorebook scans it ('Name: message'); the persona's or the character's name when absent. */
  name?: string | undefined;
  /** ISO time it was sent ({{idle_duration}}). */
  sendDate?: string | undefined;
  /** Its id: seeds the dice of macros in it, so each prompt shows the model the same roll. */
  id?: string | undefined;
}

export interface BuildPromptInput {
  card: Pick<Card, 'data'>;
  /** What {{user}} stands for: the chat's persona's name, else the profile name. */
  userName: string;
  /** The chat's persona's description; none or blank adds nothing. */
  personaDescription?: string | undefined;
  /** Stored messages oldest first, the new user message last. */
  history: readonly PromptHistoryMessage[];
  /** The model's context window (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  /** Tokens kept free for the reply (LLM_MAX_TOKENS). */
  replyTokens: number;
  /** Continue: the reply to go on from, sent last as the character's own unfinished turn. */
  continuation?: string | undefined;
  /** The chat's id: seeds {{pick}} so it reads the same in every prompt of the chat. */
  chatId?: string | undefined;
  /** The clock for time macros (now when absent). */
  now?: Date | undefined;
  /** The person's IANA time zone for time macros. */
  timeZone?: string | undefined;
  /** {{random}}, {{roll}}, lorebook probability and inclusion-group draws (Math.random when absent). */
  random?: (() => number) | undefined;
  /** The chat's lorebook timed effects (SillyTavern's chat_metadata.timedWorldInfo), as stored. */
  timedWorldInfo?: unknown;
  /** Messages in the chat so far (sticky/cooldown/delay count in them); the history's length when absent. */
  chatLength?: number | undefined;
  /** The chat's pinned memories, oldest first: one delimited section after the card, fitted with it. */
  memories?: readonly string[] | undefined;
  /** The chat's author's note (SillyTavern's chat_metadata note_*), beside the card's own character's note. */
  authorsNote?: AuthorsNote | undefined;
  /** The chat's running summary of the history left out: where that history was, fitted with the card. */
  summary?: string | undefined;
}

/**
 * A chat's author's note as SillyTavern's Author's Note: its text goes `depth` messages from the end
 * with its role, in the author's-note slot between the lorebook's AN top and bottom entries, on every
 * `interval`-th message of the person's (1: always; 0: never, and the lorebook's AN entries neither).
 */
export interface AuthorsNote {
  text: string;
  depth: number;
  role: PromptRole;
  interval: number;
}

export type PromptPartKind =
  | 'main'
  | 'lore'
  | 'memory'
  | 'summary'
  | 'persona'
  | 'description'
  | 'personality'
  | 'scenario'
  | 'examples'
  | 'new_chat'
  | 'history'
  | 'authors_note'
  | 'character_note'
  | 'post_history'
  | 'continuation'
  /** A group chat's line about the other members, and its nudge naming the speaker (core/group). */
  | 'group'
  | 'group_nudge';

/** The lorebook entry a part holds, and why it went in. */
export interface LorePartInfo {
  id: string;
  comment: string;
  /** The key that fired it, as written; null for constant, sticky or `@@activate`. */
  key: string | null;
  reason: FiredReason;
  position: LorePosition;
  /** 0: from the chat; 1 and on: from other entries' contents (recursion). */
  step: number;
}

/**
 * One piece of the prompt, in the prompt's order, for a view of the prompt and for later pieces
 * (memories, notes, summaries) to take their place among. Several parts may share a message (the
 * lorebook entries of one position; what is inserted at one depth).
 */
export interface PromptPart {
  kind: PromptPartKind;
  /** The message in `messages` holding it; null for what was left out (see `dropped`). */
  message: number | null;
  /** Its estimated tokens (a whole message's cost when it is a message of its own). */
  tokens: number;
  /** Cut short (ending with the truncation marker) to fit the budget. */
  cut?: boolean;
  lore?: LorePartInfo;
  /** Kept history: the range of `history` indices (from inclusive, to exclusive). */
  history?: { from: number; to: number };
  /** History messages or example blocks left out. */
  dropped?: number;
  /** The pinned memories a memory part holds. */
  count?: number;
  /** Where an inserted part sits: messages from the end, and its role. */
  depth?: number;
  role?: PromptRole;
}

export interface BuiltPrompt {
  messages: PromptMessage[];
  estimatedTokens: number;
  /** History messages left out, oldest first. */
  droppedHistory: number;
  /** Example blocks left out. */
  droppedExamples: number;
  parts: PromptPart[];
  /** The chat's lorebook timed effects after this prompt: store them if the reply is kept. */
  timedWorldInfo: TimedWorldInfo;
}
