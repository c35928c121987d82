import { ChipsInput } from '../fields/ChipsInput';
import { ListTools } from '../fields/ListTools';
import { TextField } from '../fields/TextField';
import type { EditorAction } from '../model/editorState';
import type { LoreEntryDraft, LorePosition } from '../model/lorebookDraft';
import { fieldId } from '../model/validation';
import styles from '../Editor.module.css';
import type { SectionProps } from './formProps';

interface Props extends SectionProps {
  entry: LoreEntryDraft;
  index: number;
  count: number;
}

type LorePatch = Extract<EditorAction, { type: 'lore' }>['patch'];

const POSITIONS: { value: LorePosition; label: string }[] = [
  { value: 'before_char', label: "Before the character's description" },
  { value: 'after_char', label: 'After the scenario' },
];

/** One lorebook entry: its keys, what it tells the AI, and when and where it goes into the prompt. */
export function LoreEntryEditor({ entry, index, count, edit, estimate, shown }: Props) {
  const change = (patch: LorePatch) => edit({ type: 'lore', index, patch });
  const keysId = fieldId.loreKeys(index);
  const contentId = fieldId.loreContent(index);
  const title = entry.keys[0] ? `Entry ${index + 1}: ${entry.keys[0]}` : `Entry ${index + 1}`;
  const base = `lore-${index}`;
  return (
    <li className={styles.listItem} aria-label={title}>
      <div className={styles.listItemHead}>
        <h3 className={styles.listItemTitle}>{title}</h3>
        <ListTools
          name={`entry ${index + 1}`}
          index={index}
          count={count}
          onMove={(by) => edit({ type: 'move', list: 'lorebook', index, by })}
          onRemove={() => edit({ type: 'remove', list: 'lorebook', index })}
        />
      </div>
      <ChipsInput
        id={keysId}
        label="Keys"
        itemName="key"
        values={entry.keys}
        onChange={(keys) => change({ keys })}
        onBlur={() => shown.touch(keysId)}
        hint="Words that bring this entry in when a message mentions them."
        problems={shown.problems(keysId)}
      />
      <ChipsInput
        id={`${base}-secondary`}
        label="Secondary keys"
        itemName="secondary key"
        values={entry.secondary_keys}
        onChange={(secondary_keys) => change({ secondary_keys })}
        hint="Optional. Then a message must mention one of these too."
      />
      <TextField
        id={contentId}
        label="Content"
        multiline
        rows={3}
        value={entry.content}
        tokens={estimate.lore[index]}
        onChange={(content) => change({ content })}
        onBlur={() => shown.touch(contentId)}
        problems={shown.problems(contentId)}
      />
      <div className={styles.checks}>
        <label className={styles.check}>
          <input type="checkbox" checked={entry.enabled} onChange={(event) => change({ enabled: event.currentTarget.checked })} />
          Enabled
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={entry.constant} onChange={(event) => change({ constant: event.currentTarget.checked })} />
          Constant (always sent)
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={entry.case_sensitive}
            onChange={(event) => change({ case_sensitive: event.currentTarget.checked })}
          />
          Case-sensitive
        </label>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${base}-order`} className={styles.label}>
            Insertion order
          </label>
          <input
            id={`${base}-order`}
            type="number"
            inputMode="numeric"
            step={1}
            className={styles.number}
            value={Number.isFinite(entry.insertion_order) ? entry.insertion_order : 0}
            aria-describedby={`${base}-order-hint`}
            onChange={(event) => {
              const value = event.currentTarget.valueAsNumber;
              if (Number.isFinite(value)) change({ insertion_order: value });
            }}
          />
          <p id={`${base}-order-hint`} className={styles.hint}>
            Lower numbers go first when several entries are sent.
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${base}-position`} className={styles.label}>
            Position
          </label>
          <select
            id={`${base}-position`}
            className={styles.select}
            value={entry.position}
            onChange={(event) => change({ position: event.currentTarget.value as LorePosition })}
          >
            {POSITIONS.map((position) => (
              <option key={position.value} value={position.value}>
                {position.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </li>
  );
}
