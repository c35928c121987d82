import { Plus } from 'lucide-react';
import styles from '../Editor.module.css';
import type { SectionProps } from './formProps';
import { LoreEntryEditor } from './LoreEntryEditor';
import { UndoRemoval } from './UndoRemoval';

/** Lore the AI is given only when a recent message mentions one of an entry's keys (or always, for a constant entry). */
export function LorebookSection(props: SectionProps) {
  const { record, edit, removed } = props;
  const entries = record.draft.lorebook;
  return (
    <section className={styles.section} aria-labelledby="editor-lorebook">
      <h2 id="editor-lorebook" className={styles.sectionTitle}>
        Lorebook
      </h2>
      <p className={styles.sectionIntro}>
        Facts about the world the AI is given only when one of an entry's keys appears in the last few messages, so a long backstory costs
        nothing until it matters.
      </p>
      {entries.length > 0 && (
        <ol className={styles.list}>
          {entries.map((entry, index) => (
            <LoreEntryEditor key={entry.uid} entry={entry} index={index} count={entries.length} {...props} />
          ))}
        </ol>
      )}
      <UndoRemoval list="lorebook" removed={removed} what="Entry" edit={edit} />
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={() => edit({ type: 'add', list: 'lorebook' })}>
          <Plus size={18} aria-hidden="true" />
          Add an entry
        </button>
      </div>
    </section>
  );
}
