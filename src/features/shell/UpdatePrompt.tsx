import { RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { applyUpdate, getUpdateSnapshot, subscribeToUpdate } from '../../pwa/registerServiceWorker';
import styles from './UpdatePrompt.module.css';

/**
 * "New version available" toast. role="status" announces it politely without stealing focus from
 * whatever the user is doing; Reload is an ordinary button, so it is reached with Tab.
 */
export function UpdatePrompt() {
  const { updateReady } = useSyncExternalStore(subscribeToUpdate, getUpdateSnapshot, getUpdateSnapshot);
  return (
    <div className={styles.region} role="status">
      {updateReady && (
        <div className={styles.toast}>
          <span className={styles.text}>New version available</span>
          <button type="button" className={styles.button} onClick={applyUpdate}>
            <RefreshCw size={18} aria-hidden="true" />
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
