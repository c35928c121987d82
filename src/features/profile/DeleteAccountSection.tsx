import { useId, useState } from 'react';
import type { ClientConfig } from '@core/contract';
import { deleteAccount } from '../../api/account';
import { forgetDeletedAccount } from '../../auth/session';
import styles from './Account.module.css';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { useAccountAction } from './useAccountAction';

/** Profile's danger zone: deleting the account, after a confirmation typed out. */
export function DeleteAccountSection({ email, auth }: { email: string | null; auth: ClientConfig['auth'] | undefined }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const { busy: deleting, result, run, clear } = useAccountAction('Deleting the account failed. Please try again.');
  const external = auth?.provider === 'external' ? new URL(auth.issuer).host : null;

  const confirm = (confirmation: string) =>
    void run(async () => {
      await deleteAccount({ confirmation });
      // The server refuses the account from now on; the device forgets it and goes Home.
      await forgetDeletedAccount();
      return undefined;
    });

  return (
    <section className={styles.dangerZone} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Delete account
      </h2>
      <p className={styles.muted}>
        Deletes your account and everything in it: cards, chats, favorites and personas. This cannot be undone.
      </p>
      <button type="button" className={styles.danger} onClick={() => setAsking(true)}>
        Delete my account...
      </button>
      <DeleteAccountDialog
        open={asking}
        email={email}
        external={external}
        deleting={deleting}
        error={result?.ok === false ? result.text : null}
        onConfirm={confirm}
        onCancel={() => {
          setAsking(false);
          clear();
        }}
      />
    </section>
  );
}
