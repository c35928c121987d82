import type { ReactNode } from 'react';
import type { DraftProblem } from '../model/validation';
import styles from '../Editor.module.css';
import { MacroPreview } from './MacroPreview';
import { Problems } from './Problems';
import { TokenCount } from './TokenCount';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the field as visited, so its problems show from then on. */
  onBlur?: () => void;
  hint?: ReactNode;
  /** The field's tokens as the prompt carries it; absent for text that never reaches the AI. */
  tokens?: number;
  problems?: DraftProblem[];
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
  /** For a textarea: how tall it starts (it grows with its text). */
  rows?: number;
  /** For text that reaches the AI: fills its macros, to show which it uses and a preview. */
  macros?: (text: string) => string;
}

/** One labelled field of the card: its plain name, what it is for, its token cost and what is wrong with it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  hint,
  tokens,
  problems = [],
  multiline,
  required,
  placeholder,
  rows = 4,
  macros,
}: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const problemsId = problems.length > 0 ? `${id}-problems` : undefined;
  const common = {
    id,
    value,
    required,
    placeholder,
    onBlur,
    'aria-describedby': [hintId, problemsId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': problems.some((problem) => problem.severity === 'error') || undefined,
    className: multiline ? styles.textarea : styles.input,
  };
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
          {required && <span className={styles.required}> (required)</span>}
        </label>
        {tokens !== undefined && <TokenCount tokens={tokens} />}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      <Problems id={problemsId} problems={problems} />
      {macros && <MacroPreview id={`${id}-macros`} text={value} fill={macros} />}
    </div>
  );
}
