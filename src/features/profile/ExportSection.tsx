import { useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '@core/bytes';
import { downloadExport, type ExportProgress } from '../../api/account';
import { ApiError } from '../../api/errors';
import { saveBlob } from '../../lib/saveFile';
import styles from './Account.module.css';

/** '12.4 MB of about 40 MB', or only what arrived when the server gave no estimate (or it ran past it). */
export function progressLine({ received, estimated }: ExportProgress): string {
  if (estimated > received) return `${formatBytes(received)} of about ${formatBytes(estimated)}`;
  return `${formatBytes(received)} so far`;
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
    setState({ kind: 'running', progress: { received: 0, estimated: 0 } });
    try {
      const { blob, filename } = await downloadExport((progress) => setState({ kind: 'running', progress }), abort.signal);
      saveBlob(blob, filename);
      setState({ kind: 'done', text: `Saved ${filename} (${formatBytes(blob.size)}).` });
    } catch (error) {
      if (abort.signal.aborted) setState({ kind: 'idle' });
      else
        setState({
          kind: 'failed',
          text: error instanceof ApiError ? error.message : 'The export stopped before it finished. Please try again.',
        });
    } finally {
      controller.current = null;
    }
  };

  const running = state.kind === 'running';
  const fraction = running && state.progress.estimated > 0 ? Math.min(1, state.progress.received / state.progress.estimated) : undefined;
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
