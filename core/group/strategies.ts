/**
 * Who speaks next in a group chat, by SillyTavern's activation strategies, one reply at a time:
 *
 * - natural: a member the last message names speaks; else each member (in a shuffled order) rolls
 *   against its talkativeness; else one drawn at random among the talkative ones.
 * - list: the members in their order, the one after the last speaker.
 * - pooled: each member once before anyone speaks again, drawn at random among those who have not.
 *
 * Muted members are never picked. No member speaks twice in a row (after its own reply) unless it is
 * the only one who may speak. The randomness is a parameter so a seed gives the same speaker.
 */
import { randomIndex } from '../chat/macros/seeded';
import { mentionedIn } from './mentions';

export const GROUP_STRATEGIES = ['natural', 'list', 'pooled'] as const;
export type GroupStrategy = (typeof GROUP_STRATEGIES)[number];

/** SillyTavern's talkativeness when a card does not set one. */
export const DEFAULT_TALKATIVENESS = 0.5;

export interface SpeakerCandidate {
  id: string;
  /** The member's name and nickname: a mention of either wakes it. */
  names: readonly string[];
  /** 0 (speaks only when named or drawn) to 1 (always willing). */
  talkativeness: number;
  muted: boolean;
}

/** A message of the chat as the strategies read it; `speakerId` is the member who wrote a reply. */
export interface SpokenMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
  speakerId: string | null;
}

export interface SpeakerQuestion {
  strategy: GroupStrategy;
  /** In the group's order. */
  members: readonly SpeakerCandidate[];
  /** The chat so far, oldest first (hidden messages left out). */
  history: readonly SpokenMessage[];
  random: () => number;
}

/** A card's talkativeness (`extensions.talkativeness`, a number or a numeric string), clamped to 0–1. */
export function talkativenessOf(extensions: Record<string, unknown> | undefined): number {
  const raw = extensions?.['talkativeness'];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : DEFAULT_TALKATIVENESS;
}

/** The id of the member who speaks next, or null when every member is muted. */
export function pickSpeaker(question: SpeakerQuestion): string | null {
  const open = question.members.filter((member) => !member.muted);
  if (open.length === 0) return null;
  const last = question.history.at(-1);
  const lastSpeaker = last?.role === 'assistant' ? last.speakerId : null;
  // Alone, a member may answer itself; otherwise the last speaker waits a turn.
  const eligible = open.length > 1 ? open.filter((member) => member.id !== lastSpeaker) : open;
  const pick =
    question.strategy === 'list'
      ? listOrder(open, eligible, question.history)
      : question.strategy === 'pooled'
        ? pooledOrder(open, eligible, question.history, question.random)
        : naturalOrder(eligible, last?.content ?? '', question.random);
  return pick.id;
}

function naturalOrder(eligible: SpeakerCandidate[], lastText: string, random: () => number): SpeakerCandidate {
  const [named] = mentionedIn(lastText, eligible);
  if (named) return named;
  for (const member of shuffled(eligible, random)) if (member.talkativeness >= random()) return member;
  const chatty = eligible.filter((member) => member.talkativeness > 0);
  const pool = chatty.length > 0 ? chatty : eligible;
  return pool[randomIndex(random, pool.length)]!;
}

/** The next open member after the last one who spoke, in the group's order (the first when none has). */
function listOrder(open: SpeakerCandidate[], eligible: SpeakerCandidate[], history: readonly SpokenMessage[]): SpeakerCandidate {
  const lastReply = history.findLast((message) => message.role === 'assistant' && open.some((m) => m.id === message.speakerId));
  const at = open.findIndex((member) => member.id === lastReply?.speakerId);
  const next = open[(at + 1) % open.length]!;
  return eligible.includes(next) ? next : eligible[0]!;
}

/** A member who has not spoken in the current round; a round ends once every open member has. */
function pooledOrder(
  open: SpeakerCandidate[],
  eligible: SpeakerCandidate[],
  history: readonly SpokenMessage[],
  random: () => number,
): SpeakerCandidate {
  const spoken = new Set<string>();
  for (const message of history) {
    if (message.role !== 'assistant' || !message.speakerId || !open.some((m) => m.id === message.speakerId)) continue;
    spoken.add(message.speakerId);
    if (spoken.size === open.length) spoken.clear();
  }
  const waiting = eligible.filter((member) => !spoken.has(member.id));
  const pool = waiting.length > 0 ? waiting : eligible;
  return pool[randomIndex(random, pool.length)]!;
}

/** Fisher–Yates with the given randomness. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
