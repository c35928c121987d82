import type { EditorAction, ListName, Removed } from '../model/editorState';
import styles from '../Editor.module.css';

/** "Greeting removed. Undo": shown under the list until the next change. */
export function UndoRemoval({
  list,
  removed,
  what,
  edit,
}: {
  list: ListName;
  removed: Removed | null;
  what: string;
  edit: (action: EditorAction) => void;
}) {
  if (removed?.list !== list) return null;
  return (
    <p className={styles.undo} role="status">
      {what} removed.
      <button type="button" className={styles.linkButton} onClick={() => edit({ type: 'undo' })}>
        Undo
      </button>
    </p>
  );
}
