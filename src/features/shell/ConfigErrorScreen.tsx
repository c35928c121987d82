import styles from './ConfigErrorScreen.module.css';

/** What a deployment with a broken configuration shows instead of a blank page. */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <div className={styles.screen} role="alert">
      <h1>cardchat cannot start</h1>
      <p>{message}</p>
    </div>
  );
}
