/**
 * A message's alternatives (SillyTavern's swipes) and the changes a person makes to a message, as
 * pure functions both sides apply: the server to the stored row, the PWA to its local copy before
 * the server has answered (so both end in the same state).
 *
 * The model: `content` is always the text shown and sent in the next prompt. A reply with more than
 * one alternative also has `swipes` (every alternative, oldest first) and `swipe_id` (the shown one,
 * so `content === swipes[swipe_id]`). A message with one alternative has neither: one text is not a
 * choice.
 */

export interface SwipeFields {
  content: string;
  swipes?: string[] | undefined;
  swipe_id?: number | undefined;
}

/** Every alternative of a message, oldest first (just its text when it has none). */
export function alternativesOf(message: SwipeFields): string[] {
  return message.swipes && message.swipes.length > 1 ? message.swipes : [message.content];
}

/** The index of the shown alternative. */
export function chosenSwipe(message: SwipeFields): number {
  return message.swipes && message.swipes.length > 1 ? (message.swipe_id ?? 0) : 0;
}

/** The fields of a message showing `shown` of `alternatives` (no swipes when there is one). */
function fieldsOf(alternatives: string[], shown: number): SwipeFields {
  if (alternatives.length <= 1) return { content: alternatives[0] ?? '' };
  return { content: alternatives[shown]!, swipes: alternatives, swipe_id: shown };
}

/** A new alternative (a regeneration), shown at once: SillyTavern's swipe to the right past the last. */
export function withNewSwipe(message: SwipeFields, text: string): SwipeFields {
  const alternatives = [...alternativesOf(message), text];
  return fieldsOf(alternatives, alternatives.length - 1);
}

/** Why `swipeId` cannot be chosen on this message, or null when it can. */
export function swipeRangeProblem(message: SwipeFields, swipeId: number): string | null {
  const count = alternativesOf(message).length;
  if (Number.isInteger(swipeId) && swipeId >= 0 && swipeId < count) return null;
  if (count === 1) return 'This message has no other versions: the only swipe_id it has is 0.';
  return `This reply has ${count} versions: choose a swipe_id from 0 to ${count - 1}.`;
}

/** Shows another alternative; the caller has checked the index with swipeRangeProblem. */
export function withChosenSwipe(message: SwipeFields, swipeId: number): SwipeFields {
  return fieldsOf(alternativesOf(message), swipeId);
}

/** An edit changes the shown alternative only: the others stay as they were written. */
export function withEditedContent(message: SwipeFields, text: string): SwipeFields {
  const alternatives = [...alternativesOf(message)];
  const shown = chosenSwipe(message);
  alternatives[shown] = text;
  return fieldsOf(alternatives, shown);
}

/** Characters that attach to the word before them, so a continuation starting with one needs no space. */
const ATTACHED = /^[.,;:!?…)\]}]/;

/**
 * The reply so far with what the model added when asked to continue it. The model starts right
 * after the text it was given: whitespace it begins with is kept (a new paragraph stays one),
 * punctuation attaches, and anything else is a new word, so it gets a space.
 */
export function joinContinuation(base: string, added: string): string {
  if (base === '' || /^\s/.test(added) || ATTACHED.test(added)) return base + added;
  return `${base} ${added}`;
}

/** A continuation appended to the shown alternative. */
export function withContinuation(message: SwipeFields, added: string): SwipeFields {
  return withEditedContent(message, joinContinuation(message.content, added));
}

/**
 * A reply cut short by Stop is kept with a mark on the version Stop ended (`stopped_swipe`, its
 * index). Once the shown version is written again (a new version, more of it, an edit) the mark is
 * on it when that writing was stopped too; otherwise a mark it had goes, and one on another version stays.
 */
export function stoppedSwipeAfter(mark: number | null | undefined, written: SwipeFields, stopped: boolean): number | null {
  const shown = chosenSwipe(written);
  if (stopped) return shown;
  return mark === shown ? null : (mark ?? null);
}

/** Whether the shown version is one a Stop cut short. */
export function shownStopped(message: SwipeFields & { stopped_swipe?: number | null | undefined }): boolean {
  return message.stopped_swipe !== undefined && message.stopped_swipe !== null && message.stopped_swipe === chosenSwipe(message);
}
