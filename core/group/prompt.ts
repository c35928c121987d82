/**
 * The prompt for one reply in a group chat: the speaker's own card laid out as for a one-character
 * chat, plus what SillyTavern adds for a group: every message of the history prefixed with its
 * speaker's name (so the model can tell the members apart), one short line naming the others after
 * the card, and the group nudge after the history (not when continuing: the prompt then ends with the
 * speaker's own unfinished words).
 */
import { buildPrompt } from '../chat/prompt/build';
import type { BuildPromptInput, BuiltPrompt, PromptMessage, PromptPart, PromptPartKind } from '../chat/prompt/types';
import { estimateMessageTokens } from '../chat/tokens';

/** SillyTavern's default group nudge, with {{char}} the speaker. */
export const GROUP_NUDGE = '[Write the next reply only as {{char}}.]';

export interface GroupPromptInput extends BuildPromptInput {
  /** The speaker's name as the chat shows it. */
  speakerName: string;
  /** The other members' names, muted ones included (they are still in the story). */
  others: readonly string[];
}

/** The line about the others: "[Alice is in a group chat with Bob and Carol.]". */
export function othersLine(speakerName: string, others: readonly string[]): string {
  if (others.length === 0) return '';
  const list = others.length === 1 ? others[0]! : `${others.slice(0, -1).join(', ')} and ${others.at(-1)!}`;
  return `[${speakerName} is in a group chat with ${list}.]`;
}

export function buildGroupPrompt(input: GroupPromptInput): BuiltPrompt {
  const { speakerName, others, ...rest } = input;
  const line: PromptMessage | null = others.length ? { role: 'system', content: othersLine(speakerName, others) } : null;
  const nudge: PromptMessage | null =
    input.continuation === undefined ? { role: 'system', content: GROUP_NUDGE.replace('{{char}}', speakerName) } : null;
  const extra = [line, nudge].reduce((sum, message) => sum + (message ? estimateMessageTokens(message) : 0), 0);
  const built = buildPrompt({
    ...rest,
    // The two group lines are paid for first, so the prompt with them still fits the same budget.
    contextTokens: input.contextTokens - extra,
    history: input.history.map((message) =>
      message.role === 'system' || !message.name ? message : { ...message, content: `${message.name}: ${message.content}` },
    ),
  });
  let prompt = built;
  if (line) prompt = inserted(prompt, afterCard(prompt), line, 'group');
  if (nudge) prompt = inserted(prompt, prompt.messages.length, nudge, 'group_nudge');
  return { ...prompt, estimatedTokens: built.estimatedTokens + extra };
}

const CARD_KINDS = new Set<PromptPartKind>(['main', 'lore', 'persona', 'description', 'personality', 'scenario', 'memory']);

/** The message index just after the card's own blocks (the start when there are none). */
function afterCard(prompt: BuiltPrompt): number {
  let end = 0;
  for (const part of prompt.parts) {
    if (part.message === null || !CARD_KINDS.has(part.kind)) continue;
    // Lore placed at a depth sits in the history: only the blocks before it count.
    if (part.depth !== undefined) continue;
    end = Math.max(end, part.message + 1);
  }
  return end;
}

function inserted(prompt: BuiltPrompt, at: number, message: PromptMessage, kind: PromptPartKind): BuiltPrompt {
  const shift = (part: PromptPart): PromptPart =>
    part.message !== null && part.message >= at ? { ...part, message: part.message + 1 } : part;
  const parts = prompt.parts.map(shift);
  const before = parts.findIndex((part) => part.message !== null && part.message > at);
  const part: PromptPart = { kind, message: at, tokens: estimateMessageTokens(message) };
  parts.splice(before === -1 ? parts.length : before, 0, part);
  return { ...prompt, messages: [...prompt.messages.slice(0, at), message, ...prompt.messages.slice(at)], parts };
}
