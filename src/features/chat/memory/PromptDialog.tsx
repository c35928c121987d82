import { useEffect, useId, useState } from 'react';
import buttonStyles from '../../../ui/buttons.module.css';
import { Spinner } from '../../../ui/Spinner';
import { useModalDialog } from '../../../ui/useModalDialog';
import { loadLastPrompt, type LoadedPrompt } from '../../../sync/chatPrompt';
import { partRow } from './promptParts';
import styles from './memory.module.css';

export const PROMPT_LOAD_FAILED = 'Could not load the prompt. Please try again.';

interface Props {
  /** The chat whose last prompt is shown; null when closed. */
  chatId: string | null;
  onClose: () => void;
}

type State = { kind: 'loading' } | { kind: 'failed' } | ({ kind: 'loaded' } & LoadedPrompt);

/** What the AI saw: the chat's last request as its parts in order, each with its tokens and why it went in. */
export function PromptDialog({ chatId, onClose }: Props) {
  const open = chatId !== null;
  const { ref } = useModalDialog(open, onClose);
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (chatId === null) return;
    let current = true;
    setState({ kind: 'loading' });
    loadLastPrompt(chatId).then(
      (loaded) => current && setState({ kind: 'loaded', ...loaded }),
      (error: unknown) => {
        console.error('Prompt load failed', error);
        if (current) setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [chatId]);

  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} aria-labelledby={titleId}>
      {open && (
        <div className={styles.box}>
          <h2 id={titleId} className={styles.title}>
            Prompt
          </h2>
          <PromptBody state={state} />
          <div className={styles.buttons}>
            <button type="button" className={buttonStyles.primary} onClick={onClose} autoFocus>
              Close
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function PromptBody({ state }: { state: State }) {
  if (state.kind === 'loading') return <Spinner size={20} />;
  if (state.kind === 'failed') return <p className={styles.text}>{PROMPT_LOAD_FAILED}</p>;
  const { prompt, offline } = state;
  if (!prompt)
    return (
      <p className={styles.text}>
        {offline
          ? 'You are offline, and this device has not seen a prompt for this chat yet.'
          : 'No reply has been asked for in this chat yet.'}
      </p>
    );
  const budget = prompt.context_tokens - prompt.reply_tokens;
  return (
    <>
      <p className={styles.text}>
        The last request sent to the AI, {new Date(prompt.built_at).toLocaleString()}: about {prompt.estimated_tokens.toLocaleString()} of{' '}
        {budget.toLocaleString()} tokens ({prompt.reply_tokens.toLocaleString()} more kept for the reply).
        {offline && ' Offline: as this device last saw it.'}
      </p>
      <ol className={styles.parts} aria-label="Parts of the prompt, in order">
        {prompt.parts.map((part, index) => {
          const row = partRow(part);
          return (
            <li key={index} className={row.tokens === null ? styles.left : styles.part}>
              <span className={styles.label}>{row.label}</span>
              {row.tokens !== null && <span className={styles.tokens}>{row.tokens.toLocaleString()} tokens</span>}
              {row.detail && <span className={styles.detail}>{row.detail}</span>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
