import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatBytes } from '@core/bytes';
import { useOnline } from '../../lib/useOnline';
import styles from './ProfilePage.module.css';
import { useAccountStorage } from './useAccountStorage';

/** Past this share of the quota the field says how to get more room. */
const NEARLY_FULL = 0.8;

/** 'Storage: 12 MB of 250 MB' with a meter: what the account keeps on the server against its plan. */
export function StorageField() {
  const storage = useAccountStorage(useOnline());
  const labelId = useId();
  return (
    <div>
      <dt id={labelId}>Storage</dt>
      <dd className={styles.storage}>
        {storage.state === 'loading' && <span className={styles.muted}>Checking...</span>}
        {storage.state === 'unavailable' && <span className={styles.muted}>{storage.reason}</span>}
        {storage.state === 'loaded' && (
          <>
            <span>
              {formatBytes(storage.usage.used_bytes)} of {formatBytes(storage.usage.quota_bytes)}
            </span>
            <meter
              className={styles.meter}
              aria-labelledby={labelId}
              min={0}
              max={storage.usage.quota_bytes}
              low={storage.usage.quota_bytes * NEARLY_FULL}
              high={storage.usage.quota_bytes * 0.95}
              optimum={0}
              value={Math.min(storage.usage.used_bytes, storage.usage.quota_bytes)}
            />
            <span className={styles.muted}>
              Cards {formatBytes(storage.usage.cards_bytes)} · Chats {formatBytes(storage.usage.chats_bytes)}
              {storage.usage.portraits_bytes > 0 && ` · Portraits ${formatBytes(storage.usage.portraits_bytes)}`}
            </span>
            {storage.usage.used_bytes >= storage.usage.quota_bytes * NEARLY_FULL && (
              <span>
                Running out of room? Delete chats or cards you no longer need, or see <Link to="/pricing">Pricing</Link>.
              </span>
            )}
          </>
        )}
      </dd>
    </div>
  );
}
