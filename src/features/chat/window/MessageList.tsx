import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { LocalMessage } from '../../../db/db';
import { offlineReason, useConnectivity } from '../../../lib/useOnline';
import { groupByDate } from './dateLabels';
import { MessageBubble } from './MessageBubble';
import styles from './MessageList.module.css';
import { SystemNotice } from './SystemNotice';
import { TypingIndicator } from './TypingIndicator';
import type { ChatActions } from './useChatActions';
import type { ChatMessagesState } from './useChatMessages';
import { useStableCallback } from './useStableCallback';

interface Props {
  /** Oldest first, as shown (a reply being regenerated and empty streaming rows already left out). */
  messages: LocalMessage[];
  /** Messages waiting in the outbox and not being sent right now, by id, with the last try's error. */
  waiting: ReadonlyMap<string, string | null>;
  /** A reply is being streamed for a message the outbox sends (no Stop: the window did not start it). */
  replaying: boolean;
  onSendNow: () => void;
  characterName: string;
  /** The card's greeting before the chat has stored messages. */
  greeting: ReactNode;
  history: Pick<ChatMessagesState, 'hasOlder' | 'loadingOlder' | 'loadOlderError' | 'loadOlder'>;
  actions: Pick<ChatActions, 'busy' | 'failedRegeneration' | 'retryRegeneration'>;
  /** The reply that offers Regenerate, if any. */
  regenerableId: string | null;
  onRetry: (message: LocalMessage) => void;
  onRegenerate: (reply: LocalMessage) => void;
  /** A sentence that may embed the character's name (isolated in <bdi>). */
  emptyText: ReactNode;
}

/** How close to the bottom (px) still counts as reading the newest messages. */
const STICK_DISTANCE = 80;

/** The conversation: 'Load More History (10)', messages under date separators, the typing indicator. */
export function MessageList({ messages, waiting, replaying, onSendNow, characterName, greeting, history, actions, regenerableId, onRetry, onRegenerate, emptyText }: Props) {
  const state = useConnectivity();
  const offline = offlineReason(state);
  const online = offline === undefined;
  const scroller = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const last = messages.at(-1);
  const typing = (actions.busy || replaying) && last?.state !== 'streaming';

  // Follows the newest message while the reader is at the bottom (or has just sent), never while
  // they read older ones; older pages arriving above leave the position alone.
  const hasGreeting = Boolean(greeting);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && (stuck.current || last?.state === 'pending')) element.scrollTop = element.scrollHeight;
  }, [last?.id, last?.content, last?.state, typing, hasGreeting]);
  // A streaming reply's text grows inside its bubble, without the list rendering again.
  const onGrow = useCallback(() => {
    const element = scroller.current;
    if (element && stuck.current) element.scrollTop = element.scrollHeight;
  }, []);
  // Stable, so the memoised bubbles render again only when their own message changes.
  const sendNow = useStableCallback(onSendNow);
  const regenerate = useStableCallback(onRegenerate);
  const retry = useStableCallback(onRetry);
  const busy = actions.busy;

  // Built again only when a message, the waiting set or what the bubbles offer changed, not on every
  // render of the window (the outbox's replay renders it several times per message).
  const rows = useMemo(
    () =>
      groupByDate(messages).map((group, i) => (
        <Fragment key={`${group.label}-${i}`}>
          <p className={styles.separator}>
            <span>{group.label}</span>
          </p>
          {group.messages.map((message) => (
            <Fragment key={message.id}>
              <MessageBubble
                message={message}
                waiting={waiting.has(message.id)}
                lastError={waiting.get(message.id) ?? null}
                // Offline the triggers send it once the device is back; "Send now" is for a server that may be back.
                onSendNow={state === 'offline' ? undefined : sendNow}
                onRegenerate={message.id === regenerableId ? regenerate : undefined}
                regenerateDisabled={message.id === regenerableId && (busy || !online)}
                onGrow={onGrow}
              />
              {message.role === 'user' && message.state === 'failed' && (
                <SystemNotice reason={message.error ?? ''} onRetry={() => retry(message)} disabled={busy} />
              )}
            </Fragment>
          ))}
        </Fragment>
      )),
    [messages, waiting, state, online, regenerableId, busy, sendNow, regenerate, retry, onGrow],
  );

  const onScroll = () => {
    const element = scroller.current;
    if (element) stuck.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE;
  };

  return (
    <div className={styles.scroller} ref={scroller} onScroll={onScroll}>
      {history.hasOlder && (
        <div className={styles.more}>
          <button
            type="button"
            className={styles.moreButton}
            onClick={history.loadOlder}
            disabled={history.loadingOlder || !online}
            title={offline}
          >
            {history.loadingOlder ? 'Loading...' : 'Load More History (10)'}
          </button>
        </div>
      )}
      {history.loadOlderError && (
        <p className={styles.loadError} role="alert">
          {history.loadOlderError}
        </p>
      )}
      <div className={styles.list} role="log" aria-label={`Conversation with ${characterName}`}>
        {greeting}
        {rows}
        {typing && <TypingIndicator name={characterName} />}
        {actions.failedRegeneration && (
          <SystemNotice reason={actions.failedRegeneration.reason} onRetry={actions.retryRegeneration} disabled={actions.busy || !online} />
        )}
      </div>
      {emptyText && <p className={styles.empty}>{emptyText}</p>}
    </div>
  );
}
