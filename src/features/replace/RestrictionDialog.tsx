import { Link } from '@tanstack/react-router';
import { Modal } from './Modal';
import styles from './Replace.module.css';

/** The upgrade prompt: Free users (and a failed plan check) cannot replace a character's image. */
export function RestrictionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} titleId="replace-restricted-title" onClose={onClose}>
      <h2 id="replace-restricted-title" className={styles.title}>
        Free users cannot modify characters
      </h2>
      <p className={styles.text}>
        Changing a character's image is a premium feature. Upgrade to a premium plan to replace character images and use custom character
        images.
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <Link to="/pricing" className={styles.primary} onClick={onClose}>
          Upgrade Now
        </Link>
      </div>
    </Modal>
  );
}
