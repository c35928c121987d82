import { ChipsInput } from '../fields/ChipsInput';
import { ListTools } from '../fields/ListTools';
import { TextField } from '../fields/TextField';
import type { EditorAction } from '../model/editorState';
import type { LoreEntryDraft } from '../model/lorebookDraft';
import { Check } from '../fields/SmallFields';
import { LoreActivation } from './LoreActivation';
import { fieldId } from '../model/validation';
import styles from '../Editor.module.css';
import type { SectionProps } from './formProps';

interface Props extends SectionProps {
  entry: LoreEntryDraft;
  index: number;
  count: number;
}

type LorePatch = Extract<EditorAction, { type: 'lore' }>['patch'];

/** One lorebook entry: its keys, what it tells the AI, and when and where it goes into the prompt. */
export function LoreEntryEditor({ entry, index, count, edit, estimate, shown, fill }: Props) {
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
        macros={fill}
      />
      <div className={styles.checks}>
        <Check checked={entry.enabled} onChange={(enabled) => change({ enabled })}>
          Enabled
        </Check>
        <Check checked={entry.constant} onChange={(constant) => change({ constant })}>
          Constant (always sent)
        </Check>
      </div>
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
          Higher numbers win when the lorebook's share of the prompt runs out; where entries sit together, lower numbers come first.
        </p>
      </div>
      <LoreActivation entry={entry} base={base} change={change} />
    </li>
  );
}
