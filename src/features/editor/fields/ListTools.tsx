import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import styles from '../Editor.module.css';

interface Props {
  /** How the item is named to assistive technology: "greeting 2", "entry moon". */
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Move up, move down and remove for one item of an ordered list (greetings, lorebook entries). */
export function ListTools({ name, index, count, onMove, onRemove }: Props) {
  return (
    <div className={styles.listTools}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown size={18} aria-hidden="true" />
      </button>
      <button type="button" className={styles.iconButton} aria-label={`Remove ${name}`} title="Remove" onClick={onRemove}>
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
