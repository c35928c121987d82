import { useLiveQuery } from 'dexie-react-hooks';
import type { ChatNote } from '@core/contract';
import { MEMORY_LIMITS } from '@core/contract/constants';
import { useEffect, useId, useState } from 'react';
import { noteOfChat } from '../../../db/chatMemories';
import { changeMemory } from '../../../sync/send/memoryChanges';
import buttonStyles from '../../../ui/buttons.module.css';
import { LimitedTextarea, overLimitMessage, SaveStatus, type SaveOutcome } from './LimitedTextarea';
import styles from './memory.module.css';

const DEFAULT_NOTE: ChatNote = { text: '', depth: 4, interval: 1, role: 'system' };
const MAX = 1000;

/** A whole number from a number field, kept within 0…1000. */
const whole = (value: string, fallback: number) => {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? fallback : Math.min(MAX, Math.max(0, n));
};

/**
 * The chat's author's note, as SillyTavern's: its text, how many messages from the end it goes, and
 * how often (with every N-th message of the person's; 0 is off). The card's own character's note is
 * sent beside it, unchanged.
 */
export function NoteEditor({ chatId }: { chatId: string }) {
  const stored = useLiveQuery(() => noteOfChat(chatId), [chatId]);
  const [draft, setDraft] = useState<ChatNote | null>(null);
  const [status, setStatus] = useState<SaveOutcome | null>(null);
  const ids = { text: useId(), depth: useId(), interval: useId() };
  useEffect(() => setDraft(null), [chatId]);
  const note = draft ?? stored ?? DEFAULT_NOTE;
  const edit = (change: Partial<ChatNote>) => {
    setStatus(null);
    setDraft({ ...note, ...change });
  };
  const save = () => {
    if (note.text.length > MEMORY_LIMITS.textChars)
      return setStatus({ text: overLimitMessage(note.text.length, MEMORY_LIMITS.textChars), refused: true });
    changeMemory(chatId, { kind: 'note', note }).then(
      () => {
        setDraft(null);
        setStatus({ text: 'Note saved' });
      },
      (error: unknown) => console.error('Saving the note failed', error),
    );
  };
  return (
    <section className={styles.note} aria-labelledby={ids.text}>
      <label htmlFor={ids.text} className={styles.label}>
        Author&apos;s note
      </label>
      <LimitedTextarea id={ids.text} value={note.text} limit={MEMORY_LIMITS.textChars} onChange={(text) => edit({ text })} />
      <div className={styles.numbers}>
        <label htmlFor={ids.depth}>Depth (messages from the end)</label>
        <input
          id={ids.depth}
          className={styles.number}
          type="number"
          min={0}
          max={MAX}
          value={note.depth}
          onChange={(event) => edit({ depth: whole(event.target.value, note.depth) })}
        />
        <label htmlFor={ids.interval}>Every N messages (0 = off)</label>
        <input
          id={ids.interval}
          className={styles.number}
          type="number"
          min={0}
          max={MAX}
          value={note.interval}
          onChange={(event) => edit({ interval: whole(event.target.value, note.interval) })}
        />
      </div>
      <div className={styles.buttons}>
        <SaveStatus outcome={status} />
        <button type="button" className={buttonStyles.primary} onClick={save} disabled={draft === null}>
          Save note
        </button>
      </div>
    </section>
  );
}
