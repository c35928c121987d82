import { useId } from 'react';
import hidden from '../../../ui/visuallyHidden.module.css';
import styles from './memory.module.css';

const count = (n: number) => n.toLocaleString('en-US');

/** What a save past the limit is refused with: by how much the text must shrink. */
export const overLimitMessage = (length: number, limit: number) =>
  `Too long: at most ${count(limit)} characters. Remove ${count(length - limit)} to save.`;

interface Props {
  id: string;
  value: string;
  limit: number;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A textarea that never cuts what is typed or pasted: past `limit` it keeps the text, and the counter
 * under it turns red and says by how much, as the composer's does. Saving is the caller's to refuse.
 */
export function LimitedTextarea({ id, value, limit, onChange, disabled, autoFocus }: Props) {
  const counterId = useId();
  const over = value.length > limit;
  return (
    <>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-describedby={counterId}
        aria-invalid={over || undefined}
      />
      <span id={counterId} className={over ? styles.counterOver : styles.counter}>
        {count(value.length)} / {count(limit)}
        {over && <span className={hidden.srOnly}> characters: too long to save</span>}
      </span>
    </>
  );
}

/** What a save said: done (a status), or refused (an alert, in red). */
export interface SaveOutcome {
  text: string;
  refused?: boolean;
}

export function SaveStatus({ outcome }: { outcome: SaveOutcome | null }) {
  if (!outcome) return null;
  return (
    <span role={outcome.refused ? 'alert' : 'status'} className={outcome.refused ? styles.refusal : styles.text}>
      {outcome.text}
    </span>
  );
}
