import { Plus } from 'lucide-react';
import { ListTools } from '../fields/ListTools';
import { TextField } from '../fields/TextField';
import { fieldId } from '../model/validation';
import styles from '../Editor.module.css';
import type { SectionProps } from './formProps';
import { GreetingPreview } from './GreetingPreview';
import { UndoRemoval } from './UndoRemoval';

/** The first message, how the chat will show it, and the alternate greetings a person can swipe to. */
export function GreetingsSection({ record, card, edit, estimate, shown, removed, fill, name }: SectionProps & { name: string }) {
  const { text, alternate_greetings: greetings } = record.draft;
  const firstId = fieldId.text('first_mes');
  return (
    <section className={styles.section} aria-labelledby="editor-greetings">
      <h2 id="editor-greetings" className={styles.sectionTitle}>
        How the chat opens
      </h2>
      <TextField
        id={firstId}
        label="First message"
        hint={
          <>
            The character's opening line: every new chat starts with it. <code>{'<action>'}</code>, <code>{'<scene>'}</code>,{' '}
            <code>*emphasis*</code> and "quoted speech" are styled as the chat shows them below.
          </>
        }
        multiline
        rows={5}
        value={text.first_mes}
        tokens={estimate.fields.first_mes}
        onChange={(value) => edit({ type: 'text', field: 'first_mes', value })}
        onBlur={() => shown.touch(firstId)}
        problems={shown.problems(firstId)}
        macros={fill}
      />
      <GreetingPreview card={card} name={name} fill={fill} />
      <div className={styles.field}>
        <h3 className={styles.label}>Alternate greetings</h3>
        <p className={styles.hint}>Other openings the person can swipe to before their first message.</p>
        {greetings.length > 0 && (
          <ol className={styles.list}>
            {greetings.map((greeting, index) => {
              const id = fieldId.greeting(index);
              return (
                <li key={index} className={styles.listItem}>
                  <div className={styles.listItemHead}>
                    <span className={styles.listItemTitle}>Greeting {index + 2}</span>
                    <ListTools
                      name={`greeting ${index + 2}`}
                      index={index}
                      count={greetings.length}
                      onMove={(by) => edit({ type: 'move', list: 'alternate_greetings', index, by })}
                      onRemove={() => edit({ type: 'remove', list: 'alternate_greetings', index })}
                    />
                  </div>
                  <TextField
                    id={id}
                    label={`Alternate greeting ${index + 1}`}
                    multiline
                    rows={3}
                    value={greeting}
                    tokens={estimate.greetings[index]}
                    onChange={(value) => edit({ type: 'greeting', index, value })}
                    onBlur={() => shown.touch(id)}
                    problems={shown.problems(id)}
                    macros={fill}
                  />
                </li>
              );
            })}
          </ol>
        )}
        <UndoRemoval list="alternate_greetings" removed={removed} what="Greeting" edit={edit} />
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} onClick={() => edit({ type: 'add', list: 'alternate_greetings' })}>
            <Plus size={18} aria-hidden="true" />
            Add a greeting
          </button>
        </div>
      </div>
    </section>
  );
}
