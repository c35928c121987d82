import { ArrowDown } from 'lucide-react';
import { Fragment, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { LocalMessage } from '../../../db/db';
import { offlineReason, useConnectivity } from '../../../lib/useOnline';
import { groupByDate } from './dateLabels';
import { MessageBubble, type BubbleTools } from './MessageBubble';
import { ChangeDisabled, chatOffers } from './replyOffers';
import styles from './MessageList.module.css';
import { SystemNotice } from './SystemNotice';
import { TypingIndicator } from './TypingIndicator';
import type { ChatActions } from './useChatActions';
import type { ChatMessagesState } from './useChatMessages';
import { BUTTON_PAGE } from './messageWindow';
import { useFollowLatest } from './useFollowLatest';
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
  history: Pick<ChatMessagesState, 'hasOlder' | 'loadingOlder' | 'loadOlderError' | 'loadOlder' | 'atNewest' | 'loadNewer' | 'toNewest'>;
  actions: Pick<ChatActions, 'busy' | 'failedRegeneration' | 'retryRegeneration'>;
  /** The reply that offers Regenerate, if any. */
  regenerableId: string | null;
  onRetry: (message: LocalMessage) => void;
  /** Edit, delete, versions, regenerate and continue (one stable object). */
  tools: BubbleTools;
  /** The message shown as an edit box, if any. */
  editingId: string | null;
  /** A sentence that may embed the character's name (isolated in <bdi>). */
  emptyText: ReactNode;
  /** The seq of a message to bring into view and mark (a search found it). */
  highlightSeq?: number | undefined;
}

const noop = () => undefined;

/**
 * The conversation: 'Load More History (10)', messages under date separators, the typing indicator.
 * It opens at the newest message (or at a found one, marked) and follows new ones while the reader
 * is there; scrolling near either end of the window reads on by itself (useFollowLatest).
 */
export function MessageList(props: Props) {
  const {
    messages,
    waiting,
    replaying,
    onSendNow,
    characterName,
    greeting,
    history,
    actions,
    regenerableId,
    onRetry,
    tools,
    editingId,
    emptyText,
    highlightSeq,
  } = props;
  const state = useConnectivity();
  const offline = offlineReason(state);
  const online = offline === undefined;
  const { atNewest } = history;
  const follow = useFollowLatest({
    atNewest,
    // Offline, what the device holds above is still read; the server's is not asked for.
    onNearTop: history.hasOlder && !history.loadOlderError ? history.loadOlder : noop,
    onNearBottom: history.loadNewer,
  });
  // The chat's last message is in the window only when it reaches the newest.
  const last = atNewest ? messages.at(-1) : undefined;
  const typing = atNewest && (actions.busy || replaying) && last?.state !== 'streaming';

  // A message the reader just sent takes them to the bottom, wherever they were reading.
  const sent = last?.role === 'user' && last.state === 'pending' ? last.id : null;
  const { jumpToLatest, settle, reveal } = follow;
  useLayoutEffect(() => {
    if (sent) jumpToLatest();
  }, [sent, jumpToLatest]);

  // A page added or dropped at either end: the reader's place holds, and the edges are looked at again.
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => settle(), [firstId, lastId, settle]);

  // A found message is brought into view once, when it is first drawn.
  const revealed = useRef<number | undefined>(undefined);
  const scrollerRef = follow.scrollerRef;
  useLayoutEffect(() => {
    if (highlightSeq === undefined || revealed.current === highlightSeq) return;
    const row = scrollerRef.current?.querySelector(`[data-seq="${highlightSeq}"]`);
    if (!row) return;
    revealed.current = highlightSeq;
    reveal(row);
  }, [highlightSeq, firstId, lastId, reveal, scrollerRef]);

  // Stable, so the memoised bubbles render again only when their own message changes.
  const sendNow = useStableCallback(onSendNow);
  const retry = useStableCallback(onRetry);
  const busy = actions.busy;
  const { changeDisabled, aiDisabled, versionsId, continuableId, saveAndRegenerateId } = chatOffers(
    atNewest ? messages : [],
    regenerableId,
    {
      replying: busy || replaying,
      offline,
    },
  );

  // Built again only when a message, the waiting set or what the bubbles offer changed, not on every
  // render of the window (the outbox's replay renders it several times per message). One flat list
  // keyed by message: a page added above moves no row to another parent, so none is drawn again.
  const rows = useMemo(
    () =>
      groupByDate(messages).flatMap((group) => [
        <p key={`day-${group.messages[0]!.id}`} className={styles.separator}>
          <span>{group.label}</span>
        </p>,
        ...group.messages.map((message) => (
          <Fragment key={message.id}>
            <MessageBubble
              message={message}
              waiting={waiting.has(message.id)}
              lastError={waiting.get(message.id) ?? null}
              // Offline the triggers send it once the device is back; "Send now" is for a server that may be back.
              onSendNow={state === 'offline' ? undefined : sendNow}
              tools={tools}
              changeable={message.state === 'sent'}
              // Only the bubbles that offer the AI or the versions take these: the others stay as they are while a reply comes.
              changeDisabled={message.id === versionsId ? changeDisabled : undefined}
              last={message === last}
              editing={message.id === editingId}
              versions={message.id === versionsId}
              regenerate={message.id === regenerableId}
              continuable={message.id === continuableId}
              saveAndRegenerate={message.id === saveAndRegenerateId}
              aiDisabled={[regenerableId, continuableId, saveAndRegenerateId].includes(message.id) ? aiDisabled : undefined}
              highlighted={message.seq === highlightSeq && message.state === 'sent'}
            />
            {message.role === 'user' && message.state === 'failed' && (
              <SystemNotice reason={message.error ?? ''} onRetry={() => retry(message)} disabled={busy} />
            )}
          </Fragment>
        )),
      ]),
    [
      messages,
      waiting,
      state,
      last,
      regenerableId,
      editingId,
      versionsId,
      continuableId,
      saveAndRegenerateId,
      highlightSeq,
      busy,
      changeDisabled,
      aiDisabled,
      tools,
      sendNow,
      retry,
    ],
  );

  const jump = () => {
    history.toNewest();
    jumpToLatest();
  };

  return (
    <div className={styles.frame}>
      <div className={styles.scroller} ref={follow.scrollerRef} onScroll={follow.onScroll}>
        <div ref={follow.contentRef}>
          {history.hasOlder && (
            <div className={styles.more}>
              {/* Never disabled: a button that turns itself off drops the keyboard's focus; a press while
                  a page is on its way reads the next one after it. */}
              <button
                type="button"
                className={styles.moreButton}
                onClick={() => history.loadOlder(BUTTON_PAGE)}
                aria-busy={history.loadingOlder}
              >
                Load More History (10)
              </button>
              {history.loadingOlder && (
                <span className={styles.loading} role="status">
                  Loading...
                </span>
              )}
            </div>
          )}
          {history.loadOlderError && (
            <p className={styles.loadError} role="alert">
              {history.loadOlderError}
            </p>
          )}
          <ChangeDisabled.Provider value={changeDisabled}>
            <div className={styles.list} role="log" aria-label={`Conversation with ${characterName}`}>
              {greeting}
              {rows}
              {typing && <TypingIndicator name={characterName} />}
              {actions.failedRegeneration && (
                <SystemNotice
                  reason={actions.failedRegeneration.reason}
                  onRetry={actions.retryRegeneration}
                  disabled={actions.busy || !online}
                />
              )}
            </div>
          </ChangeDisabled.Provider>
          {emptyText && <p className={styles.empty}>{emptyText}</p>}
        </div>
      </div>
      {follow.away && (
        <button type="button" className={styles.jump} onClick={jump}>
          <ArrowDown size={16} aria-hidden="true" />
          Jump to latest
        </button>
      )}
    </div>
  );
}
