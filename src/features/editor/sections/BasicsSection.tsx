import { ChipsInput } from '../fields/ChipsInput';
import { TextField } from '../fields/TextField';
import type { TextField as TextFieldName } from '../model/draft';
import { fieldId } from '../model/validation';
import styles from '../Editor.module.css';
import type { SectionProps } from './formProps';

/** Name (required), nickname, tags, creator and version: what lists and searches show. */
export function BasicsSection({ record, edit, shown }: SectionProps) {
  const { text, tags } = record.draft;
  const field = (name: TextFieldName) => ({
    id: fieldId.text(name),
    value: text[name],
    onChange: (value: string) => edit({ type: 'text', field: name, value }),
    onBlur: () => shown.touch(fieldId.text(name)),
    problems: shown.problems(fieldId.text(name)),
  });
  return (
    <section className={styles.section} aria-labelledby="editor-basics">
      <h2 id="editor-basics" className={styles.sectionTitle}>
        Basics
      </h2>
      <TextField {...field('name')} label="Name" required hint="What the character is called, in the gallery and in chats." />
      <TextField
        {...field('nickname')}
        label="Nickname"
        hint={
          <>
            Optional. When set, <code>{'{{char}}'}</code> and the chat use it instead of the name.
          </>
        }
      />
      <ChipsInput
        id={fieldId.text('tags')}
        label="Tags"
        itemName="tag"
        values={tags}
        onChange={(next) => edit({ type: 'tags', tags: next })}
        onBlur={() => shown.touch(fieldId.text('tags'))}
        problems={shown.problems(fieldId.text('tags'))}
        hint="Words people search by. Press Enter or type a comma after each."
        placeholder="fantasy, mentor…"
      />
      <div className={styles.row}>
        <TextField {...field('creator')} label="Creator" hint="Who wrote the character." />
        <TextField {...field('character_version')} label="Character version" hint="Your own label, e.g. 1.0." />
      </div>
    </section>
  );
}
