import { ChevronLeft, ChevronRight } from 'lucide-react';
import hidden from '../../../ui/visuallyHidden.module.css';
import styles from './MessageList.module.css';

interface Props {
  /** 0-based position of the one shown. */
  position: number;
  count: number;
  /** What is swiped: a new chat's greetings, or a reply's versions. */
  what: 'greeting' | 'version';
  onChange: (position: number) => void;
  /** Past the last: asks for a new version (SillyTavern's swipe right), when set. */
  onCreate?: (() => void) | undefined;
  /** Why a new version cannot be asked for now (offline, a reply on its way); undefined when it can. */
  createDisabled?: string | undefined;
  /** Why the versions cannot be changed now. */
  disabled?: string | undefined;
}

/** ‹ 2/3 ›: browse the alternatives; with `onCreate`, the right arrow past the last asks for another. */
export function SwipeControl({ position, count, what, onChange, onCreate, createDisabled, disabled }: Props) {
  const atEnd = position >= count - 1;
  const creates = atEnd && onCreate !== undefined;
  const label = what === 'greeting' ? 'greeting' : 'version';
  const nextReason = disabled ?? (creates ? createDisabled : undefined);
  return (
    <div className={styles.swipes}>
      <button
        type="button"
        className={styles.swipe}
        onClick={() => onChange(position - 1)}
        disabled={position === 0 || disabled !== undefined}
        aria-label={`Previous ${label}`}
        title={disabled}
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      <span aria-live="polite">
        {what === 'greeting' ? 'Greeting ' : <span className={hidden.srOnly}>Version </span>}
        {position + 1} / {count}
      </span>
      <button
        type="button"
        className={styles.swipe}
        onClick={() => (creates ? onCreate() : onChange(position + 1))}
        disabled={(atEnd && !creates) || nextReason !== undefined}
        aria-label={creates ? `New ${label}` : `Next ${label}`}
        title={nextReason ?? (creates ? 'Ask for another version of this reply' : undefined)}
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
