import { useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '@core/bytes';
import { downloadExport, EXPORT_STOPPED, type ExportProgress } from '../../api/account';
import { ApiError } from '../../api/errors';
import { saveBlob } from '../../lib/saveFile';
import styles from './Account.module.css';

/** 'Preparing: 40 of 120 files', then '12.4 MB of 40 MB' while the .zip comes in. */
export function progressLine(progress: ExportProgress): string {
  if (progress.phase === 'preparing') {
    return progress.total > 0 ? `Preparing: ${progress.done} of ${progress.total} files` : 'Preparing your export...';
  }
  return `${formatBytes(progress.received)} of ${formatBytes(progress.total)}`;
}

/** How much of the whole is done, for the progress bar; undefined (an indeterminate bar) before anything is known. */
function fractionOf(progress: ExportProgress): number | undefined {
  const [done, total] = progress.phase === 'preparing' ? [progress.done, progress.total] : [progress.received, progress.total];
  return total > 0 ? Math.min(1, done / total) : undefined;
}

type State =
  { kind: 'idle' } | { kind: 'running'; progress: ExportProgress } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/** "Export my data": every card, chat and setting in one .zip, with how far it got while it streams in. */
export function ExportSection() {
  const headingId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops the download: nothing would save it.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', progress: { phase: 'preparing', done: 0, total: 0 } });
    try {
      const { blob, filename } = await downloadExport((progress) => setState({ kind: 'running', progress }), abort.signal);
      saveBlob(blob, filename);
      setState({ kind: 'done', text: `Saved ${filename} (${formatBytes(blob.size)}).` });
    } catch (error) {
      if (abort.signal.aborted) setState({ kind: 'idle' });
      else
        setState({
          kind: 'failed',
          text: error instanceof ApiError ? error.message : EXPORT_STOPPED,
        });
    } finally {
      controller.current = null;
    }
  };

  const running = state.kind === 'running';
  const fraction = running ? fractionOf(state.progress) : undefined;
  return (
    <section className={styles.card} aria-labelledby={headingId} aria-busy={running}>
      <h2 id={headingId} className={styles.heading}>
        Export my data
      </h2>
      <p className={styles.muted}>
        One .zip with your account and plan, your favorites, every card you uploaded (as PNG) and every chat (as SillyTavern .jsonl), with a
        README saying what each file is.
      </p>
      {running && <progress className={styles.progress} max={1} value={fraction} aria-label="Export progress" />}
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={() => void start()} disabled={running}>
          {running ? 'Exporting...' : 'Export my data'}
        </button>
        {running && (
          <button type="button" className={styles.secondary} onClick={() => controller.current?.abort()}>
            Cancel
          </button>
        )}
      </div>
      <p className={state.kind === 'failed' ? styles.error : styles.muted} role="status">
        {state.kind === 'running' ? progressLine(state.progress) : state.kind === 'done' || state.kind === 'failed' ? state.text : null}
      </p>
    </section>
  );
}
