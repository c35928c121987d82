import hidden from '../../../ui/visuallyHidden.module.css';
import styles from './MessageList.module.css';

/** Three pulsing dots while the reply has not started; the text says who for screen readers. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <div className={`${styles.row} ${styles.assistant}`} role="status">
      <div className={`${styles.bubble} ${styles.typing}`}>
        <span className={styles.dots} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className={hidden.srOnly}>{name} is typing</span>
      </div>
    </div>
  );
}
