import styles from '../Editor.module.css';

/** What {{char}} and {{user}} stand for, and that SillyTavern's other macros work, next to the fields that use them. */
export function PlaceholderNote({ userName }: { userName: string }) {
  return (
    <p className={styles.note}>
      In any text, <code>{'{{char}}'}</code> stands for the character's name (the nickname, when there is one) and <code>{'{{user}}'}</code>{' '}
      for the name of the person chatting — you would see "{userName}". Write them rather than names, so the card works for everyone.
      SillyTavern's other macros work as there: <code>{'{{random::a::b}}'}</code>, <code>{'{{pick::a::b}}'}</code> (the same all chat long),{' '}
      <code>{'{{roll:d20}}'}</code>, <code>{'{{time}}'}</code>, <code>{'{{// a note to yourself}}'}</code>… Each field lists the ones it
      uses, with a preview.
    </p>
  );
}
