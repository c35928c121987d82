/** Reading one line of a SillyTavern chat file: its text, speaker, role, versions and model. */
import type { ChatRole } from '../contract';
import { isRecord, isText, nameOf, own } from './fileFields';
import type { ArchiveMessage } from './sillytavern';

/** SillyTavern's `extra.type` of a narrator's message (its /sys command): our system role. */
export const NARRATOR = 'narrator';
/** The names a SillyTavern group chat's header carries: the members are named on their messages. */
export const GROUP_PLACEHOLDER = 'unused';

/** A message's text: a string, or Chub's `{message}` object. */
export function textOf(value: unknown): string | undefined {
  if (isText(value)) return value;
  if (isRecord(value) && isText(own(value, 'message'))) return own(value, 'message') as string;
  return undefined;
}

/** A name from the header, unless it is a group's placeholder. */
export function speakerName(value: unknown): string | undefined {
  return value === GROUP_PLACEHOLDER ? undefined : nameOf(value);
}

/**
 * A reply's versions as SillyTavern keeps them. `mes` is what was shown, so it is the chosen version
 * whatever `swipe_id` says: a swipe_id out of range (or versions that are not all text) is found
 * again by `mes`, and a `mes` among none of them joins them as the last.
 */
export function swipesOf(record: Record<string, unknown>, content: string): Pick<ArchiveMessage, 'swipes' | 'swipeId'> {
  const listed = own(record, 'swipes');
  if (!Array.isArray(listed)) return {};
  const raw = listed.map(textOf);
  const swipes = raw.filter(isText);
  const claimed = own(record, 'swipe_id');
  let swipeId =
    swipes.length === raw.length && typeof claimed === 'number' && Number.isInteger(claimed) && claimed >= 0 && claimed < swipes.length
      ? claimed
      : swipes.indexOf(content);
  if (swipeId === -1) swipeId = swipes.push(content) - 1;
  swipes[swipeId] = content;
  return swipes.length > 1 ? { swipes, swipeId } : {};
}

/** The longest model name kept from a file: real ones are a few dozen characters. */
const MAX_MODEL_CHARS = 200;

/** The model SillyTavern says wrote a reply (`extra.model`), when it is a plausible name. */
export function modelOf(record: Record<string, unknown>): string | undefined {
  const extra = own(record, 'extra');
  const model = isRecord(extra) ? own(extra, 'model') : undefined;
  return typeof model === 'string' && model.trim() !== '' && model.length <= MAX_MODEL_CHARS ? model : undefined;
}

export function roleOf(record: Record<string, unknown>): ChatRole {
  if (own(record, 'is_user') === true) return 'user';
  const extra = own(record, 'extra');
  if (isRecord(extra) && own(extra, 'type') === NARRATOR) return 'system';
  return 'assistant';
}

/** The parsed value, boxed so that a line holding `null` is told apart from a line that is not JSON. */
export function parseJsonLine(line: string): { value: unknown } | undefined {
  try {
    // JSON.parse turns "__proto__" into an ordinary own key; only known fields are read from it.
    return { value: JSON.parse(line) as unknown };
  } catch {
    return undefined;
  }
}
