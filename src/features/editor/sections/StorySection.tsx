import type { ReactNode } from 'react';
import { TextField } from '../fields/TextField';
import type { TextField as TextFieldName } from '../model/draft';
import { fieldId } from '../model/validation';
import styles from '../Editor.module.css';
import type { SectionProps } from './formProps';
import { CharacterNote } from './CharacterNote';
import { PlaceholderNote } from './PlaceholderNote';

interface FieldText {
  label: string;
  hint: ReactNode;
  rows?: number;
}

const WHO: [TextFieldName, FieldText][] = [
  ['description', { label: 'Description', hint: 'Who the character is: looks, background, what they know and want.', rows: 8 }],
  ['personality', { label: 'Personality', hint: 'A short summary of their temperament and manner.', rows: 3 }],
  ['scenario', { label: 'Scenario', hint: 'Where and when the chat takes place, and what is going on.', rows: 3 }],
];

const TALK: [TextFieldName, FieldText][] = [
  [
    'mes_example',
    {
      label: 'Example dialogue',
      hint: (
        <>
          Short exchanges that show how the character talks. Begin each with a line <code>{'<START>'}</code>, then lines like{' '}
          <code>{'{{user}}: …'}</code> and <code>{'{{char}}: …'}</code>. Later examples are left out first when a chat runs long.
        </>
      ),
      rows: 6,
    },
  ],
  [
    'system_prompt',
    {
      label: 'System prompt',
      hint: (
        <>
          Optional. Replaces cardchat's main instruction to the AI; write <code>{'{{original}}'}</code> where cardchat's should stay.
        </>
      ),
      rows: 3,
    },
  ],
  [
    'post_history_instructions',
    { label: 'Post-history instructions', hint: 'Optional. Sent after the chat, just before each reply: the strongest nudge.', rows: 3 },
  ],
];

const START_BLOCK = '<START>\n{{user}}: \n{{char}}: ';

/** Description, personality, scenario; then example dialogue, system prompt, post-history instructions; creator notes. */
export function StorySection({ record, edit, estimate, shown, fill, userName }: SectionProps & { userName: string }) {
  const { text } = record.draft;
  const render = ([name, about]: [TextFieldName, FieldText]) => (
    <TextField
      key={name}
      id={fieldId.text(name)}
      label={about.label}
      hint={about.hint}
      rows={about.rows}
      multiline
      value={text[name]}
      tokens={estimate.fields[name]}
      onChange={(value) => edit({ type: 'text', field: name, value })}
      onBlur={() => shown.touch(fieldId.text(name))}
      problems={shown.problems(fieldId.text(name))}
      macros={fill}
    />
  );
  const addBlock = () => {
    const current = text.mes_example.trimEnd();
    edit({ type: 'text', field: 'mes_example', value: current ? `${current}\n${START_BLOCK}` : START_BLOCK });
  };
  return (
    <>
      <section className={styles.section} aria-labelledby="editor-who">
        <h2 id="editor-who" className={styles.sectionTitle}>
          Who they are
        </h2>
        <p className={styles.sectionIntro}>Sent to the AI with every message.</p>
        <PlaceholderNote userName={userName} />
        {WHO.map(render)}
      </section>
      <section className={styles.section} aria-labelledby="editor-talk">
        <h2 id="editor-talk" className={styles.sectionTitle}>
          How they talk
        </h2>
        {render(TALK[0]!)}
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} onClick={addBlock}>
            Add a &lt;START&gt; example
          </button>
        </div>
        {TALK.slice(1).map(render)}
        <CharacterNote record={record} edit={edit} fill={fill} />
      </section>
      <section className={styles.section} aria-labelledby="editor-notes">
        <h2 id="editor-notes" className={styles.sectionTitle}>
          For people
        </h2>
        <TextField
          id={fieldId.text('creator_notes')}
          label="Creator notes"
          hint="Shown to people who look at the card: how to use it, credits. Never sent to the AI."
          multiline
          rows={3}
          value={text.creator_notes}
          onChange={(value) => edit({ type: 'text', field: 'creator_notes', value })}
        />
      </section>
    </>
  );
}
