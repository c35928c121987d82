import styles from '../Editor.module.css';

/** What {{char}} and {{user}} stand for, next to the fields that use them. */
export function PlaceholderNote({ userName }: { userName: string }) {
  return (
    <p className={styles.note}>
      In any text, <code>{'{{char}}'}</code> stands for the character's name (the nickname, when there is one) and <code>{'{{user}}'}</code>{' '}
      for the name of the person chatting — you would see "{userName}". Write them rather than names, so the card works for everyone.
    </p>
  );
}
