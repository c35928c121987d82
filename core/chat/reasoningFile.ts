/**
 * A reply's reasoning in SillyTavern's chat file: the shown version's in the message's `extra`
 * (`reasoning`, the text, and `reasoning_duration`, milliseconds), each version's in its
 * `swipe_info[i].extra`, as SillyTavern writes them.
 */
import { isRecord, own } from './fileFields';
import { reasoningAt, reasoningOf, withVersionReasoning, type Reasoning, type VersionReasoning } from './reasoning';

/** The `extra` fields of one version's reasoning (none without it). */
export function reasoningExtra(reasoning: Reasoning | null): Record<string, unknown> {
  if (!reasoning) return {};
  return { reasoning: reasoning.text, ...(reasoning.duration_ms === undefined ? {} : { reasoning_duration: reasoning.duration_ms }) };
}

/** The reasoning an `extra` object carries, when it carries some. */
function fromExtra(extra: unknown): Reasoning | null {
  if (!isRecord(extra)) return null;
  const text = own(extra, 'reasoning');
  if (typeof text !== 'string') return null;
  const duration = own(extra, 'reasoning_duration');
  return reasoningOf(text, typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : undefined);
}

/**
 * Each version's reasoning from a message line: `swipe_info[i].extra` for version i (when it has
 * `count` versions), and the message's own `extra` for the shown one, which wins.
 */
export function reasoningOfLine(record: Record<string, unknown>, count: number, shown: number): VersionReasoning | undefined {
  const info = own(record, 'swipe_info');
  let list: VersionReasoning | undefined;
  if (count > 1 && Array.isArray(info)) {
    for (let i = 0; i < Math.min(count, info.length); i += 1) {
      const entry: unknown = info[i];
      list = withVersionReasoning(list, i, isRecord(entry) ? fromExtra(own(entry, 'extra')) : null);
    }
  }
  const mine = fromExtra(own(record, 'extra'));
  return mine ? withVersionReasoning(list, shown, mine) : list;
}

/** Version `index`'s `extra` reasoning fields for a line being written. */
export const versionExtra = (list: VersionReasoning | undefined, index: number) => reasoningExtra(reasoningAt(list, index));

/**
 * A version's `swipe_info` entry being written: an imported one as it came (its reasoning was read
 * from it, so it already says it); a version made here gets a new one dated `sendDate`.
 */
export const versionInfo = (kept: unknown, sendDate: number, reasoning: Record<string, unknown>): unknown =>
  isRecord(kept) ? kept : { send_date: sendDate, extra: reasoning };
