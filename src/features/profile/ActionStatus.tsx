import styles from './Account.module.css';
import type { ActionResult } from './useAccountAction';

/** The line under an account action: what happened, read out by screen readers as it changes. */
export function ActionStatus({ result }: { result: ActionResult | null }) {
  return (
    <p className={result?.ok === false ? styles.error : styles.success} role="status">
      {result?.text}
    </p>
  );
}
