import { useEffect, useState } from 'react';
import { Modal } from '../replace/Modal';
import styles from '../replace/Replace.module.css';
import { OnlineButton } from '../../ui/OnlineButton';

interface Props {
  /** The card's name while asking; null when closed. */
  name: string | null;
  /** Two confirmations (the card has chats, which go too): the second is the 'Final Warning'. */
  twoStep: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting a collection card: one confirmation, or two when the card has chats (its chats go too). */
export function ConfirmDeleteDialog({ name, twoStep, onConfirm, onCancel }: Props) {
  const [final, setFinal] = useState(false);
  useEffect(() => setFinal(false), [name]);

  const confirm = () => {
    if (twoStep && !final) return setFinal(true);
    onConfirm();
  };

  return (
    <Modal open={name !== null} titleId="confirm-delete-title" onClose={onCancel}>
      <h2 id="confirm-delete-title" className={styles.title}>
        {final ? 'Final Warning' : 'Delete Character'}
      </h2>
      <p className={styles.text}>
        {final ? (
          <>
            Deleting "<bdi>{name}</bdi>" also deletes all of its chats. This cannot be undone.
          </>
        ) : twoStep ? (
          <>
            "<bdi>{name}</bdi>" has chats. Delete the character and its chats?
          </>
        ) : (
          <>
            Are you sure you want to delete "<bdi>{name}</bdi>"? This cannot be undone.
          </>
        )}
      </p>
      <div className={styles.buttons}>
        {/*
          Both questions default to Cancel: it takes the focus when each one shows (a new key makes a
          new button, focused again), so a stray Enter never deletes a card and its chats.
        */}
        <button key={final ? 'cancel-final' : 'cancel'} type="button" className={styles.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <OnlineButton type="button" className={styles.danger} onClick={confirm}>
          {final ? 'Delete Everything' : 'Delete'}
        </OnlineButton>
      </div>
    </Modal>
  );
}
