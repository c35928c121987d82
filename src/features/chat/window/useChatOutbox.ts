import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useStore } from '../../../lib/store';
import { sendingByChat } from '../../../sync/send/claims';
import { chatOutbox } from '../../../sync/send/queue';

export interface ChatOutboxState {
  /** The chat's entries waiting to be sent (not being sent by this tab now), with their last error. */
  waiting: ReadonlyMap<string, string | null>;
  /** Whether this tab is sending one of the chat's messages now: its reply streams. */
  replaying: boolean;
}

/** The chat's outbox as the window shows it: what waits, and whether a waiting message is going now. */
export function useChatOutbox(chatId: string): ChatOutboxState {
  const outbox = useLiveQuery(() => chatOutbox(chatId), [chatId]);
  const sending = useStore(sendingByChat);
  const sendingIds = useMemo(() => new Set(sending.values()), [sending]);
  // Memoised: the list re-renders its bubbles only when one of them changed.
  const waiting = useMemo(
    () => new Map((outbox ?? []).filter((item) => !sendingIds.has(item.client_id)).map((item) => [item.client_id, item.last_error])),
    [outbox, sendingIds],
  );
  // A reply streams for a message the outbox sends (not for an edit or a delete it sends).
  const replaying = (outbox ?? []).some((item) => item.kind === 'message' && sendingIds.has(item.client_id));
  return { waiting, replaying };
}
