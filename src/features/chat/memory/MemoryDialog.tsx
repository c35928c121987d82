import { useLiveQuery } from 'dexie-react-hooks';
import type { PinnedMemoryView } from '@core/contract';
import { MEMORY_LIMITS } from '@core/contract/constants';
import { useEffect, useId, useState } from 'react';
import { memoriesOfChat, waitingMemoryChanges } from '../../../db/chatMemories';
import { changeMemory, pullMemories } from '../../../sync/send/memoryChanges';
import buttonStyles from '../../../ui/buttons.module.css';
import { useModalDialog } from '../../../ui/useModalDialog';
import styles from './memory.module.css';
import { LimitedTextarea, overLimitMessage } from './LimitedTextarea';
import { NoteEditor } from './NoteEditor';
import { SummaryEditor } from './SummaryEditor';

interface Props {
  /** The chat whose memories are shown; null when closed. */
  chatId: string | null;
  onClose: () => void;
}

const report = (what: string) => (error: unknown) => console.error(what, error);

/**
 * The chat's pinned memories (always in its prompt, after the card), its running summary and its author's note. Memories
 * are listed, edited and deleted here, written by hand, offline too (sync/send/memoryChanges.ts sends the changes in order).
 */
export function MemoryDialog({ chatId, onClose }: Props) {
  const open = chatId !== null;
  const { ref } = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} aria-labelledby={titleId}>
      {chatId !== null && (
        <div className={styles.box}>
          <h2 id={titleId} className={styles.title}>
            Memory
          </h2>
          <MemoryBody chatId={chatId} />
          <div className={styles.buttons}>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function MemoryBody({ chatId }: { chatId: string }) {
  const memories = useLiveQuery(() => memoriesOfChat(chatId), [chatId]);
  const waiting = useLiveQuery(() => waitingMemoryChanges(chatId), [chatId])?.length ?? 0;
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const draftId = useId();
  useEffect(() => {
    pullMemories(chatId).catch(report('Loading the memories failed'));
  }, [chatId]);

  const add = () => {
    if (!draft.trim()) return;
    if (draft.length > MEMORY_LIMITS.textChars) return setRefusal(overLimitMessage(draft.length, MEMORY_LIMITS.textChars));
    changeMemory(chatId, { kind: 'put', text: draft }).catch(report('Adding the memory failed'));
    setDraft('');
  };
  const full = (memories?.length ?? 0) >= MEMORY_LIMITS.count;
  return (
    <>
      <p className={styles.text}>
        Pinned memories stay in every prompt of this chat, after the character. Pin a message from its ⋯ menu, or write one here.
        {waiting > 0 && ' Some changes are waiting to be sent.'}
      </p>
      {memories && memories.length > 0 ? (
        <ol className={styles.parts} aria-label="Pinned memories">
          {memories.map((memory) => (
            <MemoryRow key={memory.id} chatId={chatId} memory={memory} />
          ))}
        </ol>
      ) : (
        <p className={styles.text}>Nothing pinned yet.</p>
      )}
      <label htmlFor={draftId} className={styles.label}>
        New memory
      </label>
      <LimitedTextarea
        id={draftId}
        value={draft}
        limit={MEMORY_LIMITS.textChars}
        onChange={(value) => {
          setRefusal(null);
          setDraft(value);
        }}
        disabled={full}
      />
      <div className={styles.buttons}>
        {refusal && (
          <span role="alert" className={styles.refusal}>
            {refusal}
          </span>
        )}
        <button type="button" className={buttonStyles.primary} onClick={add} disabled={!draft.trim() || full}>
          Add memory
        </button>
      </div>
      <SummaryEditor chatId={chatId} />
      <NoteEditor chatId={chatId} />
    </>
  );
}

function MemoryRow({ chatId, memory }: { chatId: string; memory: PinnedMemoryView }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = useId();
  const save = () => {
    if (editing === null || !editing.trim()) return;
    if (editing.length > MEMORY_LIMITS.textChars) return setRefusal(overLimitMessage(editing.length, MEMORY_LIMITS.textChars));
    changeMemory(chatId, { kind: 'put', memoryId: memory.id, text: editing }).catch(report('Saving the memory failed'));
    setEditing(null);
  };
  return (
    <li className={styles.part}>
      {editing === null ? (
        <span className={styles.memoryText}>{memory.text}</span>
      ) : (
        <>
          <label htmlFor={fieldId} className={styles.visuallyHidden}>
            Edit memory
          </label>
          <LimitedTextarea
            id={fieldId}
            value={editing}
            limit={MEMORY_LIMITS.textChars}
            onChange={(value) => {
              setRefusal(null);
              setEditing(value);
            }}
            autoFocus
          />
        </>
      )}
      {refusal && (
        <span role="alert" className={styles.refusal}>
          {refusal}
        </span>
      )}
      <span className={styles.rowButtons}>
        {editing === null ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => setEditing(memory.text)}
            aria-label={`Edit memory: ${memory.text.slice(0, 40)}`}
          >
            Edit
          </button>
        ) : (
          <button type="button" className={buttonStyles.primary} onClick={save} disabled={!editing.trim()}>
            Save
          </button>
        )}
        <button
          type="button"
          className={buttonStyles.danger}
          onClick={() => void changeMemory(chatId, { kind: 'delete', memoryId: memory.id }).catch(report('Deleting the memory failed'))}
          aria-label={`Delete memory: ${memory.text.slice(0, 40)}`}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
