import styles from './Spinner.module.css';
import hidden from './visuallyHidden.module.css';

export function Spinner({ label, size = 24 }: { label?: string; size?: number }) {
  return (
    <span className={styles.wrap} role="status">
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      {label ? <span>{label}</span> : <span className={hidden.srOnly}>Loading</span>}
    </span>
  );
}
