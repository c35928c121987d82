import { Spinner } from '../../ui/Spinner';
import styles from './InitialLoadingScreen.module.css';

export function InitialLoadingScreen() {
  return (
    <div className={styles.screen}>
      <img src="/favicon.svg" alt="" width={64} height={64} />
      <p className={styles.name}>cardchat</p>
      <Spinner label="Loading" />
    </div>
  );
}
