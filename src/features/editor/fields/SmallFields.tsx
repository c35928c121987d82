import type { ReactNode } from 'react';
import type { PromptRole } from '@core/chat/lore/index';
import styles from '../Editor.module.css';

/** Who says a text put inside the chat (the character's note, a lorebook entry at a depth). */
export const ROLE_OPTIONS: readonly { value: PromptRole; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'user', label: 'The person' },
  { value: 'assistant', label: 'The character' },
];

/** A checkbox with its label. */
export function Check({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      {children}
    </label>
  );
}

interface NumberProps {
  id: string;
  label: string;
  value: number | null;
  /** Called with a whole number in range, or null when emptied (only if `empty` is allowed). */
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  hint?: string;
  /** Shown when empty; emptying is allowed only when given. */
  empty?: string;
}

/** A labelled whole number; out-of-range or half-typed input is not passed on. */
export function NumberField({ id, label, value, onChange, min, max, hint, empty }: NumberProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        className={styles.number}
        value={value ?? ''}
        placeholder={empty}
        aria-describedby={hintId}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          if (raw === '' && empty !== undefined) onChange(null);
          const n = event.currentTarget.valueAsNumber;
          if (Number.isInteger(n) && n >= min && n <= max) onChange(n);
        }}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled select of fixed options. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.currentTarget.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
