import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { UNDO_MARGIN_MS, undoableChanges, undoChange } from '../../../db/messageChanges';
import { dismissChangeRefusal, useChangeRefusal } from '../../../sync/send/changeDelivery';
import styles from './MessageEdit.module.css';

/** What the window says when the server refused an edit or a delete (the chat then shows what the server holds). */
export const CHANGE_REFUSED = 'Your change was not saved.';

/** 'Message deleted', '3 messages deleted'. */
export function deletedLine(count: number): string {
  return count === 1 ? 'Message deleted' : `${count} messages deleted`;
}

/** Above the composer: Undo after a delete, and why a change was not saved. */
export function ChangeNotices({ chatId }: { chatId: string }) {
  const refusal = useChangeRefusal(chatId);
  return (
    <>
      <UndoDelete chatId={chatId} />
      {refusal !== null && (
        <div className={styles.undoSlot}>
          <div className={styles.refused} role="alert">
            <span>
              {CHANGE_REFUSED} {refusal}
            </span>
            <button type="button" className={styles.undoButton} onClick={() => dismissChangeRefusal(chatId)}>
              Dismiss
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * After a delete: what went, and Undo for the few seconds before it is sent (db/messageChanges.ts).
 * It goes by itself when that time is up, or as soon as the person does something else in the chat.
 */
function UndoDelete({ chatId }: { chatId: string }) {
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
