import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { UNDO_MARGIN_MS, undoableChanges, undoChange } from '../../../db/messageChanges';
import styles from './MessageEdit.module.css';

/** 'Message deleted', '3 messages deleted'. */
export function deletedLine(count: number): string {
  return count === 1 ? 'Message deleted' : `${count} messages deleted`;
}

/**
 * After a delete: what went, and Undo for the few seconds before it is sent (db/messageChanges.ts).
 * It goes by itself when that time is up, or as soon as the person does something else in the chat.
 */
export function UndoDelete({ chatId }: { chatId: string }) {
  const [now, setNow] = useState(() => Date.now());
  const changes = useLiveQuery(() => undoableChanges(chatId), [chatId, now]);
  const newest = changes?.at(-1);
  const endsAt = newest?.hold_until;

  useEffect(() => {
    if (endsAt === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, endsAt - UNDO_MARGIN_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [endsAt]);

  // The live region stays in the page, so what appears in it is announced.
  return (
    <div role="status" className={styles.undoSlot}>
      {newest && (
        <div className={styles.undo}>
          <span>{deletedLine(newest.removed?.rows.length ?? 1)}</span>
          <button
            type="button"
            className={styles.undoButton}
            onClick={() => void undoChange(newest.client_id).catch((error: unknown) => console.error('Undo failed', error))}
          >
            Undo
          </button>
        </div>
      )}
    </div>
  );
}
