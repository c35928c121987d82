import { useId, useState } from 'react';
import { formatBytes } from '@core/bytes';
import { clearLocalData, type StorageState } from '../../db/localData';
import { ClearLocalDataDialog } from './ClearLocalDataDialog';
import styles from './LocalData.module.css';
import { useStorageState } from './useStorageState';

/** The usage line: '3.2 MB stored on this device', or why there is no figure. */
export function usageLine(state: StorageState | null): string {
  if (!state) return 'Checking...';
  if (state.usage === null) return "This browser doesn't report how much is stored";
  return `${formatBytes(state.usage)} stored on this device`;
}

/** Whether the browser may evict the data under storage pressure; null where it cannot tell. */
export function persistenceLine(persisted: boolean | null): string | null {
  if (persisted === null) return null;
  return persisted ? 'Persistent: the browser keeps it' : 'Not persistent: the browser may clear it when space runs low';
}

/** Profile's "Data on this device": what is stored locally, and clearing it (unsent messages stay). */
export function LocalDataSection() {
  const headingId = useId();
  const { state, reload } = useStorageState();
  const [asking, setAsking] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const clear = async () => {
    setClearing(true);
    setResult(null);
    try {
      await clearLocalData();
      await reload();
      setResult('Local data cleared.');
    } catch (error) {
      console.error('Clearing local data failed', error);
      setResult('Failed to clear local data. Please try again.');
    } finally {
      setClearing(false);
      setAsking(false);
    }
  };

  const persistence = persistenceLine(state?.persisted ?? null);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Data on this device
      </h2>
      <p className={styles.usage}>{usageLine(state)}</p>
      {persistence && <p className={styles.muted}>{persistence}</p>}
      <button type="button" className={styles.button} onClick={() => setAsking(true)} disabled={clearing}>
        Clear local data
      </button>
      <p className={styles.muted} role="status">
        {result}
      </p>
      <ClearLocalDataDialog open={asking} clearing={clearing} onConfirm={() => void clear()} onCancel={() => setAsking(false)} />
    </section>
  );
}
