import { EyeOff } from 'lucide-react';
import { memo } from 'react';
import { shownStopped } from '@core/chat/swipes';
import { STOPPED_REASON } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { sameFields } from '../../../lib/sameFields';
import { useStreamingText } from './useStreamingText';
import { messageTime } from './dateLabels';
import { EditBox } from './EditBox';
import editStyles from './MessageEdit.module.css';
import { MessageMenu, type MessageMenuActions } from './MessageMenu';
import styles from './MessageList.module.css';
import { useSpeakerFace } from './SpeakerFaces';
import { ReplyReasoning } from './ReplyReasoning';
import { ReplyTools, swipeAction, type ReplyOffer, type ReplyToolActions } from './ReplyTools';
import { StyledText } from './StyledText';
import { useSwipeGesture } from './useSwipeGesture';

/** What an empty stored reply shows (docs/PRODUCT.md, Screens). */
export const NO_RESPONSE = 'No response received';
/** The note on a reply Stop cut short (stored as it was). */
export const STOPPED_MARK = 'Stopped';

/** What the window does with a message (one stable object, so bubbles render again only when their own props change). */
export interface BubbleTools extends MessageMenuActions, ReplyToolActions {
  onSave: (message: LocalMessage, content: string, then?: 'regenerate') => void;
  onCancelEdit: (message: LocalMessage) => void;
}

interface Props {
  message: LocalMessage;
  /** A pending message that waits in the outbox (offline, or no answer came), not one being sent now. */
  waiting?: boolean;
  /** Why its last try did not get through, if one was made. */
  lastError?: string | null;
  /** Online, for a waiting message: try now instead of waiting for the next trigger (the server may be back). */
  onSendNow?: () => void;
  tools?: BubbleTools;
  /** A stored message: its ⋯ menu (Edit, Delete, Delete from here) is offered. */
  changeable?: boolean;
  /** Why its versions cannot be changed right now (a reply is on its way); the ⋯ menu reads ChangeDisabled. */
  changeDisabled?: string | undefined;
  /** The chat's last message. */
  last?: boolean;
  /** Shown as an edit box. */
  editing?: boolean;
  /** The chat's last reply: its versions can be browsed. */
  versions?: boolean;
  /** Regenerate is offered on it (the last message of the chat). */
  regenerate?: boolean;
  /** Continue is offered on it (the chat's last reply). */
  continuable?: boolean;
  /** Its edit box offers "Save and regenerate" (the user's last message). */
  saveAndRegenerate?: boolean;
  /** Why the AI cannot be asked now (offline, a reply on its way). */
  aiDisabled?: string | undefined;
  /** A search found it: marked until the reader goes back to the newest messages. */
  highlighted?: boolean;
}

function statusLine(message: LocalMessage, waiting: boolean): string | null {
  if (message.state === 'pending') return waiting ? 'Waiting to send' : 'Sending…';
  if (message.state === 'streaming') return 'Typing…';
  if (message.state === 'failed' && message.error === STOPPED_REASON) return 'Stopped · not saved';
  // Kept as written when Stop came (docs/PRODUCT.md, Screens): a quiet note, Continue goes on from it.
  if (message.state === 'sent' && shownStopped(message)) return STOPPED_MARK;
  // Usually the server kept the message and only the reply failed (the error says why), so 'not sent' would be untrue.
  if (message.state === 'failed') return 'No reply';
  return null;
}

function sameProps(a: Props, b: Props): boolean {
  const keys = Object.keys(a) as (keyof Props)[];
  return (
    keys.length === Object.keys(b).length && keys.every((key) => (key === 'message' ? sameFields(a.message, b.message) : a[key] === b[key]))
  );
}

/**
 * One message: who, the styled text, when, and how far it got. Memoised, with stable props from the
 * list: while a reply streams, or the outbox replays, only the bubbles that changed render again.
 */
export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { message, waiting = false, lastError = null, onSendNow, tools, editing = false } = props;
  const status = statusLine(message, waiting);
  const time = messageTime(message.send_date);
  const empty = message.role === 'assistant' && message.state === 'sent' && message.content.trim() === '';
  const offersReplyTools = tools && !editing && (props.versions || props.regenerate || props.continuable);
  const offer: ReplyOffer = {
    versions: props.versions,
    regenerate: props.regenerate,
    continue: props.continuable,
    aiDisabled: props.aiDisabled,
    disabled: props.changeDisabled,
  };
  const onSwipe = offersReplyTools ? swipeAction(message, offer, tools) : undefined;
  const gesture = useSwipeGesture(onSwipe);
  const face = useSpeakerFace(message.role, message.speaker_id);
  return (
    <article
      className={`${styles.row} ${styles[message.role]} ${editing ? editStyles.editingRow : ''} ${props.highlighted ? styles.found : ''}`}
      aria-label={message.name}
      aria-busy={message.state === 'streaming'}
      aria-current={props.highlighted ? 'true' : undefined}
      data-message-id={message.id}
      data-seq={message.seq}
    >
      <div className={styles.line}>
        {face && (
          <span className={styles.face} aria-hidden="true">
            {face}
          </span>
        )}
        <div
          className={`${styles.bubble} ${message.hidden ? styles.hiddenBubble : ''} ${props.changeable && !editing ? editStyles.changeable : ''} ${onSwipe ? editStyles.swipeable : ''}`}
          {...gesture}
        >
          <p className={styles.name}>{message.name}</p>
          {tools && props.changeable && !editing && <MessageMenu message={message} last={props.last ?? false} {...tools} />}
          {tools && editing ? (
            <EditBox
              message={message}
              onSave={tools.onSave}
              onCancel={tools.onCancelEdit}
              regenerate={props.saveAndRegenerate ? { disabled: props.aiDisabled } : undefined}
            />
          ) : (
            <>
              {message.role === 'assistant' && <ReplyReasoning message={message} />}
              <div className={styles.text}>
                {empty ? (
                  <em className={styles.muted}>{NO_RESPONSE}</em>
                ) : message.state === 'streaming' ? (
                  <StreamingText id={message.id} stored={message.content} />
                ) : (
                  <StyledText text={message.content} />
                )}
              </div>
            </>
          )}
          <p className={styles.meta}>
            {time && <time dateTime={message.send_date}>{time}</time>}
            {message.hidden && (
              // SillyTavern's hidden message (brought by an import): kept and shown, never sent to the AI.
              <span className={styles.hiddenNote}>
                <EyeOff size={12} aria-hidden="true" /> Hidden from the AI
              </span>
            )}
            {status && (
              <span className={styles.status} title={(waiting && lastError) || undefined}>
                {status}
              </span>
            )}
            {waiting && onSendNow && (
              <button type="button" className={styles.sendNow} onClick={onSendNow}>
                Send now
              </button>
            )}
          </p>
        </div>
      </div>
      {offersReplyTools && <ReplyTools message={message} offer={offer} {...tools} />}
    </article>
  );
}, sameProps);

/**
 * A reply streaming in this tab: its text from memory, repainted alone as pieces arrive, and styled
 * as it will be once complete (the list follows its growth by watching sizes, not renders).
 */
function StreamingText({ id, stored }: { id: string; stored: string }) {
  const text = useStreamingText(id, stored);
  return <StyledText text={text} streaming />;
}
