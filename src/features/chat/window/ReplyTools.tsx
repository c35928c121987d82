import { ChevronsRight, RefreshCw } from 'lucide-react';
import { alternativesOf, chosenSwipe } from '@core/chat/swipes';
import type { LocalMessage } from '../../../db/db';
import styles from './MessageEdit.module.css';
import { SwipeControl } from './SwipeControl';

export interface ReplyToolActions {
  onRegenerate: (message: LocalMessage) => void;
  onContinue: (message: LocalMessage) => void;
  onChooseVersion: (message: LocalMessage, swipeId: number) => void;
}

/** What the chat's last reply offers; each is undefined when not offered there. */
export interface ReplyOffer {
  /** Its versions can be browsed (a stored reply). */
  versions?: boolean;
  /** A new version (or, for a message of the user's, a reply) can be asked for. */
  regenerate?: boolean;
  /** The character can go on from it. */
  continue?: boolean;
  /** Why asking the AI is not possible now (offline, a reply on its way). */
  aiDisabled?: string | undefined;
  /** Why the versions cannot be changed now. */
  disabled?: string | undefined;
}

/**
 * What a swipe across the reply does (useSwipeGesture), the arrows' rules: left is the next version,
 * or a new one past the last when one may be asked for; right is the previous. Undefined when the
 * versions are not offered or cannot change now.
 */
export function swipeAction(
  message: LocalMessage,
  offer: ReplyOffer,
  actions: ReplyToolActions,
): ((direction: 'next' | 'previous') => void) | undefined {
  if (!offer.versions || offer.disabled !== undefined) return undefined;
  const count = alternativesOf(message).length;
  const position = chosenSwipe(message);
  return (direction) => {
    if (direction === 'previous') {
      if (position > 0) actions.onChooseVersion(message, position - 1);
    } else if (position < count - 1) actions.onChooseVersion(message, position + 1);
    else if (offer.regenerate && offer.aiDisabled === undefined) actions.onRegenerate(message);
  };
}

interface Props extends ReplyToolActions {
  message: LocalMessage;
  offer: ReplyOffer;
}

/**
 * Under the chat's last reply: ‹ 2/3 › through its versions (right past the last asks for a new one,
 * as SillyTavern does), Regenerate (a new version) and Continue (more of this one).
 */
export function ReplyTools({ message, offer, onRegenerate, onContinue, onChooseVersion }: Props) {
  const count = alternativesOf(message).length;
  return (
    <div className={styles.tools}>
      {offer.versions && (
        <SwipeControl
          what="version"
          position={chosenSwipe(message)}
          count={count}
          onChange={(position) => onChooseVersion(message, position)}
          onCreate={offer.regenerate ? () => onRegenerate(message) : undefined}
          createDisabled={offer.aiDisabled}
          disabled={offer.disabled}
        />
      )}
      {offer.regenerate && (
        <button
          type="button"
          className={styles.tool}
          onClick={() => onRegenerate(message)}
          disabled={offer.aiDisabled !== undefined}
          title={offer.aiDisabled}
        >
          <RefreshCw size={14} aria-hidden="true" />
          Regenerate
        </button>
      )}
      {offer.continue && (
        <button
          type="button"
          className={styles.tool}
          onClick={() => onContinue(message)}
          disabled={offer.aiDisabled !== undefined}
          title={offer.aiDisabled}
        >
          <ChevronsRight size={14} aria-hidden="true" />
          Continue
        </button>
      )}
    </div>
  );
}
