import { X } from 'lucide-react';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { DraftProblem } from '../model/validation';
import styles from '../Editor.module.css';
import { Problems } from './Problems';

interface Props {
  id: string;
  label: string;
  /** What one item is called, for the remove buttons ("Remove key moon"). */
  itemName: string;
  values: string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  hint?: string;
  problems?: DraftProblem[];
  placeholder?: string;
}

/** Splits typed or pasted text on commas and line breaks into items. */
export function splitItems(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A list of short items (tags, lorebook keys) as removable chips and a text box: Enter or a comma
 * adds what was typed, Backspace in the empty box takes the last chip back to edit, a pasted list
 * becomes chips, and leaving the box keeps what it holds.
 */
export function ChipsInput({ id, label, itemName, values, onChange, onBlur, hint, problems = [], placeholder }: Props) {
  const [pending, setPending] = useState('');
  const commit = (text: string) => {
    const added = splitItems(text).filter((item) => !values.includes(item));
    if (added.length > 0) onChange([...values, ...added]);
    setPending('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(pending);
    } else if (event.key === 'Backspace' && pending === '' && values.length > 0) {
      event.preventDefault();
      setPending(values.at(-1)!);
      onChange(values.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[,\n]/.test(text)) return;
    event.preventDefault();
    commit(pending + text);
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const problemsId = problems.length > 0 ? `${id}-problems` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.chips}>
        {values.length > 0 && (
          <ul className={styles.chipList} aria-label={label}>
            {values.map((value) => (
              <li key={value} className={styles.chip}>
                <span>{value}</span>
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={`Remove ${itemName} ${value}`}
                  onClick={() => onChange(values.filter((item) => item !== value))}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          type="text"
          className={styles.chipInput}
          value={pending}
          placeholder={placeholder}
          enterKeyHint="enter"
          aria-describedby={[hintId, problemsId].filter(Boolean).join(' ') || undefined}
          aria-invalid={problems.some((problem) => problem.severity === 'error') || undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            // A phone keyboard may send the comma as text rather than a key press.
            if (text.includes(',')) commit(text);
            else setPending(text);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            commit(pending);
            onBlur?.();
          }}
        />
      </div>
      <Problems id={problemsId} problems={problems} />
    </div>
  );
}
