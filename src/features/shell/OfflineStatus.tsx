import { Clock, CloudOff, WifiOff, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { checkNow } from '../../lib/connectivity';
import { useConnectivityState } from '../../lib/useOnline';
import styles from './OfflineStatus.module.css';
import { useStatusSlot } from './StatusSlot';
import { useWaitingCount } from './useWaitingCount';

export const OFFLINE_BANNER = "You're offline — messages will be sent when you're back online";

/** "Can't reach cardchat — trying again in 12 s". */
export function unreachableLine(seconds: number): string {
  return `Can't reach cardchat — trying again in ${seconds} s`;
}

/** While a probe is on its way. */
export const TRYING_NOW = "Can't reach cardchat — trying again now";

const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** '1 message waiting', '2 messages waiting', '1 change waiting', '2 messages and 1 change waiting'. */
export function waitingLine(messages: number, changes = 0): string {
  const parts = [messages > 0 && counted(messages, 'message'), changes > 0 && counted(changes, 'change')].filter(Boolean);
  return `${parts.join(' and ')} waiting`;
}

/** Whole seconds left until `at` (at least 1), kept current on each second's boundary. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = at - current;
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [at]);
  return at === null ? 0 : Math.max(1, Math.ceil((at - now) / 1000));
}

function Part({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className={styles.part}>
      <Icon className={styles.icon} size={16} aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * The countdown is hidden from screen readers: inside the live region it would be read out every
 * second. They hear "Can't reach cardchat" once, and find Try now.
 */
function Unreachable({ retryAt }: { retryAt: number | null }) {
  const seconds = useSecondsUntil(retryAt);
  const [lead, rest] = (retryAt === null ? TRYING_NOW : unreachableLine(seconds)).split(/(?= — )/);
  return (
    <Part icon={CloudOff}>
      <span className={styles.line}>
        <span>
          {lead}
          <span aria-hidden="true">{rest}</span>
        </span>
        <button type="button" className={styles.tryNow} onClick={() => void checkNow()} disabled={retryAt === null}>
          Try now
        </button>
      </span>
    </Part>
  );
}

/**
 * The connectivity line: the offline notice while the device is offline, "Can't reach cardchat" with
 * a countdown and Try now while it does not answer, nothing while it does; and how many messages
 * really wait (useWaitingCount). It floats from the page's StatusSlot rather than pushing anything
 * down, so appearing never shifts the layout. The live region stays mounted, empty, so screen readers
 * announce the line when it appears.
 */
export function OfflineStatus() {
  const { status, retryAt } = useConnectivityState();
  const waiting = useWaitingCount(status);
  const slot = useStatusSlot();
  if (!slot) return null;
  return createPortal(
    <div className={styles.status} role="status">
      {status === 'offline' && (
        <Part icon={WifiOff}>
          <span>{OFFLINE_BANNER}</span>
        </Part>
      )}
      {status === 'unreachable' && <Unreachable retryAt={retryAt} />}
      {waiting.messages + waiting.changes > 0 && (
        <Part icon={Clock}>
          <span>{waitingLine(waiting.messages, waiting.changes)}</span>
        </Part>
      )}
    </div>,
    slot,
  );
}
