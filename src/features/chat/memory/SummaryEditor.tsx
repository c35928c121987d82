import { useLiveQuery } from 'dexie-react-hooks';
import type { PutChatSummary } from '@core/contract';
import { SUMMARY_LIMITS } from '@core/contract/constants';
import { useEffect, useId, useState } from 'react';
import { regenerateChatSummary } from '../../../api/chatMemory';
import { ApiError } from '../../../api/errors';
import { waitForJob } from '../../../api/jobs';
import { summaryOfChat } from '../../../db/chatMemories';
import { useOnline } from '../../../lib/useOnline';
import { changeMemory, pullMemories } from '../../../sync/send/memoryChanges';
import buttonStyles from '../../../ui/buttons.module.css';
import { LimitedTextarea, overLimitMessage, SaveStatus, type SaveOutcome } from './LimitedTextarea';
import styles from './memory.module.css';

const plural = (n: number) => `${n.toLocaleString('en-US')} message${n === 1 ? '' : 's'}`;

/**
 * The chat's running summary of the messages that no longer fit its prompt: written by the AI once
 * they start to fall out, put in the prompt where they were; edited here (offline too, through the
 * outbox), written again on request, or switched off for the chat.
 */
export function SummaryEditor({ chatId }: { chatId: string }) {
  const stored = useLiveQuery(() => summaryOfChat(chatId), [chatId]);
  const online = useOnline();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<SaveOutcome | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  // The switch turns at the tap: the device's copy answers a moment later, and then rules again.
  const [offChosen, setOffChosen] = useState<boolean | null>(null);
  const ids = { text: useId(), off: useId() };
  useEffect(() => setDraft(null), [chatId]);
  const summary = stored ?? { text: '', off: false, covers: 0, updated_at: null, demo: false };
  const text = draft ?? summary.text;
  const off = offChosen ?? summary.off;
  useEffect(() => {
    if (offChosen === summary.off) setOffChosen(null);
  }, [offChosen, summary.off]);

  const change = (body: PutChatSummary, done: string) =>
    changeMemory(chatId, { kind: 'summary', summary: body }).then(
      () => {
        setStatus({ text: done });
        return true;
      },
      (error: unknown) => {
        console.error('Saving the summary failed', error);
        return false;
      },
    );
  const save = () => {
    if (text.length > SUMMARY_LIMITS.textChars)
      return setStatus({ text: overLimitMessage(text.length, SUMMARY_LIMITS.textChars), refused: true });
    void change({ text, off }, 'Summary saved').then(() => setDraft(null));
  };
  const regenerate = async () => {
    setRegenerating(true);
    setStatus({ text: 'Writing the summary again…' });
    try {
      await waitForJob((await regenerateChatSummary(chatId)).job);
      await pullMemories(chatId);
      setDraft(null);
      setStatus({ text: 'Summary written again' });
    } catch (error) {
      setStatus({ text: error instanceof ApiError ? error.message : 'The summary could not be written again.', refused: true });
    } finally {
      setRegenerating(false);
    }
  };

  return (
    <section className={styles.note} aria-labelledby={ids.text}>
      <label htmlFor={ids.text} className={styles.label}>
        Summary of older messages
      </label>
      <p className={styles.text}>
        {off
          ? 'Off: older messages that no longer fit are left out without a summary.'
          : summary.covers > 0
            ? `Covers the first ${plural(summary.covers)}; it goes into the prompt where they were.`
            : 'Once older messages no longer fit the prompt, the AI summarizes them here.'}
        {summary.demo && ' This is a demo summary: no AI service is set up.'}
      </p>
      <LimitedTextarea
        id={ids.text}
        value={text}
        limit={SUMMARY_LIMITS.textChars}
        onChange={(value) => {
          setStatus(null);
          setDraft(value);
        }}
      />
      <div className={styles.switch}>
        <input
          id={ids.off}
          type="checkbox"
          checked={!off}
          onChange={(event) => {
            setOffChosen(!event.target.checked);
            void change({ text: summary.text, off: !event.target.checked }, event.target.checked ? 'Summaries on' : 'Summaries off').then(
              (saved) => saved || setOffChosen(null),
            );
          }}
        />
        <label htmlFor={ids.off}>Summarize older messages automatically</label>
      </div>
      <div className={styles.buttons}>
        <SaveStatus outcome={status} />
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => void regenerate()}
          disabled={!online || regenerating || off || summary.covers === 0}
        >
          Regenerate
        </button>
        <button type="button" className={buttonStyles.primary} onClick={save} disabled={draft === null}>
          Save summary
        </button>
      </div>
    </section>
  );
}
