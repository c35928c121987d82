import { useId } from 'react';
import type { ContentSettings } from '@core/contract';
import { updateContentSettings } from '../../api/publishing';
import { refreshSession } from '../../auth/session';
import styles from '../profile/Account.module.css';
import { ActionStatus } from '../profile/ActionStatus';
import { useAccountAction } from '../profile/useAccountAction';

/**
 * NSFW characters: hidden unless the person confirms they are 18 or older (the Terms' minimum age is
 * 13) and then chooses to see them. Visitors never see them. The confirmation stays once given.
 */
export function MatureContentSection({ adultConfirmed, showNsfw }: { adultConfirmed: boolean; showNsfw: boolean }) {
  const headingId = useId();
  const { busy, result, run } = useAccountAction('Saving failed. Please try again.');
  const change = (settings: ContentSettings, done: string) =>
    void run(async () => {
      await updateContentSettings(settings);
      await refreshSession();
      return done;
    });

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Mature content
      </h2>
      <p className={styles.muted}>
        Characters marked NSFW are hidden. Adults may choose to see them; their pictures stay blurred until tapped.
      </p>
      <div className={styles.form}>
        <label className={styles.row}>
          <input
            type="checkbox"
            checked={adultConfirmed}
            disabled={busy || adultConfirmed}
            onChange={(event) => event.currentTarget.checked && change({ adult_confirmed: true }, 'Thank you.')}
          />
          I confirm that I am 18 or older
        </label>
        <label className={styles.row}>
          <input
            type="checkbox"
            checked={showNsfw}
            disabled={busy || !adultConfirmed}
            onChange={(event) =>
              change(
                { show_nsfw: event.currentTarget.checked },
                event.currentTarget.checked ? 'NSFW characters are shown.' : 'NSFW characters are hidden.',
              )
            }
          />
          Show NSFW characters
        </label>
      </div>
      <ActionStatus result={result} />
    </section>
  );
}
