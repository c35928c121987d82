import { NumberField, ROLE_OPTIONS, SelectField } from '../fields/SmallFields';
import { TextField } from '../fields/TextField';
import { noteOf } from '../model/draft';
import type { SectionProps } from './formProps';
import styles from '../Editor.module.css';

/** SillyTavern's character's note: a short steer sent inside the chat, a few messages from its end. */
export function CharacterNote({ record, edit, fill }: Pick<SectionProps, 'record' | 'edit' | 'fill'>) {
  const note = noteOf(record.draft, record.base);
  const change = (patch: Partial<typeof note>) => edit({ type: 'note', note: { ...note, ...patch } });
  return (
    <div className={styles.field}>
      <TextField
        id="character-note"
        label="Character's note"
        hint="Optional. Sent inside the chat, a few messages from its end, with every reply: a steer the AI weighs more than the description (SillyTavern's character's note)."
        multiline
        rows={3}
        value={note.prompt}
        onChange={(prompt) => change({ prompt })}
        macros={fill}
      />
      <div className={styles.row}>
        <NumberField
          id="character-note-depth"
          label="Depth"
          value={note.depth}
          min={0}
          max={1000}
          onChange={(depth) => change({ depth: depth ?? 4 })}
          hint="Messages from the end; 0 is after the last one."
        />
        <SelectField
          id="character-note-role"
          label="Said as"
          value={note.role}
          options={ROLE_OPTIONS}
          onChange={(role) => change({ role })}
        />
      </div>
    </div>
  );
}
