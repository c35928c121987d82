import { macrosUsed } from '@core/chat/macros/names';
import styles from '../Editor.module.css';

interface Props {
  id: string;
  text: string;
  fill: (text: string) => string;
}

/** The macros a field uses, which of them cardchat leaves as written, and the field with them filled. */
export function MacroPreview({ id, text, fill }: Props) {
  const uses = macrosUsed(text);
  if (uses.length === 0) return null;
  const unknown = uses.filter((use) => !use.known);
  return (
    <div className={styles.macros} id={id}>
      <p className={styles.hint}>
        Macros:{' '}
        {uses.map((use) => (
          <code key={use.name} className={use.known ? undefined : styles.unknownMacro}>
            {use.name}
          </code>
        ))}
        {unknown.length > 0 && (
          <> — {unknown.length === 1 ? 'one is' : 'some are'} not a macro cardchat knows and reaches the AI as written.</>
        )}
      </p>
      <details className={styles.details}>
        <summary>Preview with macros filled</summary>
        <p className={styles.macroPreview}>{fill(text)}</p>
      </details>
    </div>
  );
}
