/**
 * A reply's reasoning: what a thinking model wrote before its answer (DeepSeek's and OpenRouter's
 * `reasoning_content` / `reasoning` deltas, or a `<think>…</think>` block at the start of the
 * content). It is kept apart from the reply, per version, as SillyTavern keeps it in a message's
 * `extra.reasoning` and `extra.reasoning_duration` (and each `swipe_info[i].extra`): shown folded
 * above the reply, exported, and never sent back to the model, whose prompt is built from `content`.
 */

/** One version's reasoning; `duration_ms` is how long the model thought, when it was measured. */
export interface Reasoning {
  text: string;
  duration_ms?: number | undefined;
}

/** Reasoning per version of a reply, index for index with its versions (null: that version has none). */
export type VersionReasoning = (Reasoning | null)[];

/** Longest reasoning kept, per version: a thinking model rarely writes a tenth of this. */
export const MAX_REASONING_CHARS = 200_000;

/** Reasoning as it will be stored: trimmed, bounded, and null when there is none. */
export function reasoningOf(text: string, durationMs: number | undefined): Reasoning | null {
  const trimmed = text.trim().slice(0, MAX_REASONING_CHARS);
  if (trimmed === '') return null;
  return durationMs === undefined ? { text: trimmed } : { text: trimmed, duration_ms: Math.max(0, Math.round(durationMs)) };
}

/** The list without trailing nulls, or undefined when no version has any reasoning. */
function compact(list: VersionReasoning): VersionReasoning | undefined {
  const end = list.findLastIndex((entry) => entry !== null);
  return end === -1 ? undefined : list.slice(0, end + 1);
}

/** Version `index`'s reasoning, or null. */
export function reasoningAt(list: VersionReasoning | null | undefined, index: number): Reasoning | null {
  return list?.[index] ?? null;
}

/** The list once version `index` was written anew (a new version, or the first), with `reasoning`. */
export function withVersionReasoning(
  list: VersionReasoning | null | undefined,
  index: number,
  reasoning: Reasoning | null,
): VersionReasoning | undefined {
  const next: VersionReasoning = Array.from({ length: Math.max(index + 1, list?.length ?? 0) }, (_, i) => list?.[i] ?? null);
  next[index] = reasoning;
  return compact(next);
}

/** The list once version `index` was continued: what the model thought this time follows what it thought before. */
export function withContinuedReasoning(
  list: VersionReasoning | null | undefined,
  index: number,
  added: Reasoning | null,
): VersionReasoning | undefined {
  const before = reasoningAt(list, index);
  if (!added || !before) return withVersionReasoning(list, index, added ?? before);
  const duration =
    before.duration_ms === undefined && added.duration_ms === undefined ? undefined : (before.duration_ms ?? 0) + (added.duration_ms ?? 0);
  return withVersionReasoning(list, index, reasoningOf(`${before.text}\n\n${added.text}`, duration));
}

/** 'Thought for 12 s' (at least 1 s), or 'Thoughts' when the time is not known. */
export function thoughtLabel(reasoning: Reasoning): string {
  if (reasoning.duration_ms === undefined) return 'Thoughts';
  const seconds = Math.max(1, Math.round(reasoning.duration_ms / 1000));
  return seconds < 60 ? `Thought for ${seconds} s` : `Thought for ${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const OPEN = '<think>';
const CLOSE = '</think>';

/** A piece of a reply as it streams: text for the reply, or reasoning. */
export type ReplyPiece = string | { reasoning: string };

/**
 * Splits a leading `<think>…</think>` block off a streamed reply's text, piece by piece: what is
 * inside is reasoning, what follows is the reply. Only a block at the very start (after whitespace)
 * counts, as SillyTavern parses it; a reply that starts otherwise passes through untouched. Call
 * `push` for each piece and `end` once the stream has ended (an unclosed block is all reasoning).
 */
export function thinkSplitter(): { push(text: string): ReplyPiece[]; end(): ReplyPiece[] } {
  let state: 'start' | 'thinking' | 'reply' = 'start';
  let held = '';
  /** Right after </think>: the blank lines before the reply are not part of it. */
  let skipSpace = false;
  const emit = (reasoning: string, text: string): ReplyPiece[] => [...(reasoning ? [{ reasoning }] : []), ...(text ? [text] : [])];
  return {
    push(text) {
      if (state === 'reply') {
        const rest = skipSpace ? text.replace(/^\s+/, '') : text;
        if (rest) skipSpace = false;
        return emit('', rest);
      }
      held += text;
      if (state === 'start') {
        const lead = held.trimStart();
        if (lead.length < OPEN.length && OPEN.startsWith(lead)) return [];
        if (!lead.startsWith(OPEN)) {
          state = 'reply';
          const all = held;
          held = '';
          return emit('', all);
        }
        state = 'thinking';
        held = lead.slice(OPEN.length);
      }
      const close = held.indexOf(CLOSE);
      if (close !== -1) {
        state = 'reply';
        const reasoning = held.slice(0, close);
        const rest = held.slice(close + CLOSE.length).replace(/^\s+/, '');
        skipSpace = rest === '';
        held = '';
        return emit(reasoning, rest);
      }
      // Keeps back what could be the start of </think>, so the tag is never shown in part.
      let keep = 0;
      for (let n = Math.min(CLOSE.length - 1, held.length); n > 0; n -= 1) {
        if (CLOSE.startsWith(held.slice(-n))) {
          keep = n;
          break;
        }
      }
      const reasoning = held.slice(0, held.length - keep);
      held = held.slice(held.length - keep);
      return emit(reasoning, '');
    },
    end() {
      const rest = held;
      held = '';
      if (state === 'thinking') return emit(rest, '');
      return emit('', rest);
    },
  };
}
