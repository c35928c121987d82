import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { waitingSince } from '../../db/outboxCount';
import type { Connectivity } from '../../lib/connectivity';
import { useStore } from '../../lib/store';
import { answeredSends } from '../../sync/send/answeredSends';

/** A message sent normally is answered well within this; one that is not has really waited. */
export const WAIT_NOTICE_MS = 2_000;

/** How many messages, and changes to messages (edits, deletes), really wait. */
export interface WaitingCount {
  messages: number;
  changes: number;
}

/**
 * How many messages (and changes) really wait: in the outbox and not answered yet (a reply streaming
 * means the server has the message), and, while cardchat answers, for longer than WAIT_NOTICE_MS. So
 * a normal send never raises the alarm; offline or unreachable, every unsent one counts at once.
 */
export function useWaitingCount(status: Connectivity): WaitingCount {
  const items = useLiveQuery(waitingSince, [], []);
  const answered = useStore(answeredSends);
  const [now, setNow] = useState(() => Date.now());
  const unanswered = items.filter((item) => !answered.has(item.clientId));
  // The next moment one of them has waited long enough to count.
  const next = status === 'online' ? Math.min(...unanswered.map((item) => item.since + WAIT_NOTICE_MS).filter((at) => at > now)) : Infinity;

  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [next]);

  const waiting = status === 'online' ? unanswered.filter((item) => now - item.since >= WAIT_NOTICE_MS) : unanswered;
  const changes = waiting.filter((item) => item.change).length;
  return { messages: waiting.length - changes, changes };
}
