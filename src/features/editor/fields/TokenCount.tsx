import styles from '../Editor.module.css';

/** "≈ 120 tokens": what a field costs in the prompt, by the prompt builder's own estimate. */
export function TokenCount({ tokens }: { tokens: number }) {
  return (
    <span className={styles.tokens}>
      ≈ {tokens.toLocaleString('en')} {tokens === 1 ? 'token' : 'tokens'}
    </span>
  );
}
