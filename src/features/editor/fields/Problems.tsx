import type { DraftProblem } from '../model/validation';
import styles from '../Editor.module.css';

/** A field's errors and warnings, under it; the field names this list in aria-describedby. */
export function Problems({ id, problems }: { id: string | undefined; problems: DraftProblem[] }) {
  if (!id || problems.length === 0) return null;
  return (
    <ul id={id} className={styles.problems}>
      {problems.map((problem) => (
        <li key={problem.message} className={problem.severity === 'error' ? styles.error : styles.warning}>
          {problem.message}
        </li>
      ))}
    </ul>
  );
}
