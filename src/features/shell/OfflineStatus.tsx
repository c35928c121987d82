import { useLiveQuery } from 'dexie-react-hooks';
import { Clock, WifiOff } from 'lucide-react';
import { waitingCount } from '../../db/outboxCount';
import { useOnline } from '../../lib/useOnline';
import styles from './OfflineStatus.module.css';

export const OFFLINE_BANNER = "You're offline — messages will be sent when you're back online";

/** '1 message waiting', '2 messages waiting'. */
export function waitingLine(count: number): string {
  return `${count} ${count === 1 ? 'message' : 'messages'} waiting`;
}

/**
 * The top bar's connectivity line: the offline notice while offline, and how many messages wait in the
 * outbox whenever some do (online too, until they have gone). The live region stays mounted, empty,
 * so screen readers announce the line when it appears.
 */
export function OfflineStatus() {
  const online = useOnline();
  const waiting = useLiveQuery(waitingCount, [], 0);
  return (
    <div className={styles.status} role="status">
      {!online && (
        <span className={styles.part}>
          <WifiOff className={styles.icon} size={16} aria-hidden="true" />
          <span>{OFFLINE_BANNER}</span>
        </span>
      )}
      {waiting > 0 && (
        <span className={styles.part}>
          <Clock className={styles.icon} size={16} aria-hidden="true" />
          <span>{waitingLine(waiting)}</span>
        </span>
      )}
    </div>
  );
}
