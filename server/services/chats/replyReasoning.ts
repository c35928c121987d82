/** A reply's reasoning as it streams, and where it goes in the stored reply's versions. */
import { chosenSwipe, type SwipeFields } from '@core/chat/swipes';
import { reasoningOf, withContinuedReasoning, withVersionReasoning, type Reasoning, type ReplyPiece } from '@core/chat/reasoning';
import type { Message } from '../../db/schema';
import { reasoningColumn, versionReasoningOf } from './reasoningColumn';

/**
 * Collects the reasoning pieces of one reply and times the thinking: from the first reasoning piece
 * to the first piece of the reply itself (or the end), as SillyTavern's reasoning_duration counts.
 */
export function reasoningRecorder(now: () => number = Date.now) {
  let text = '';
  let startedAt: number | undefined;
  let endedAt: number | undefined;
  return {
    /** The piece's reply text ('' for a reasoning piece). */
    take(piece: ReplyPiece): string {
      if (typeof piece !== 'string') {
        startedAt ??= now();
        text += piece.reasoning;
        return '';
      }
      if (startedAt !== undefined) endedAt ??= now();
      return piece;
    },
    result(): Reasoning | null {
      const duration = startedAt === undefined ? undefined : (endedAt ?? now()) - startedAt;
      return reasoningOf(text, duration);
    },
  };
}

/** The reasoning column once the shown version of `after` was written (`swipe`: as a new version; else continued). */
export function reasoningAfter(
  current: Pick<Message, 'reasoning'>,
  after: SwipeFields,
  swipe: boolean,
  reasoning: Reasoning | null,
): Pick<Message, 'reasoning'> {
  const list = versionReasoningOf(current);
  const shown = chosenSwipe(after);
  return {
    reasoning: reasoningColumn(swipe ? withVersionReasoning(list, shown, reasoning) : withContinuedReasoning(list, shown, reasoning)),
  };
}

/** The reasoning column of a new reply. */
export const newReplyReasoning = (reasoning: Reasoning | null) => reasoningColumn(withVersionReasoning(undefined, 0, reasoning));
