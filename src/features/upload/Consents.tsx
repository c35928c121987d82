import { useState } from 'react';
import { InfoDialog } from './InfoDialog';
import styles from './UploadPage.module.css';

interface Props {
  acceptPrivacy: boolean;
  confirmAdult: boolean;
  publicRelease: boolean;
  isAdmin: boolean;
  disabled: boolean;
  onToggle: (field: 'acceptPrivacy' | 'confirmAdult' | 'publicRelease', value: boolean) => void;
}

/** The two required checkboxes, each with a dialog explaining it, and the administrator's 'Publish as public'. */
export function Consents({ acceptPrivacy, confirmAdult, publicRelease, isAdmin, disabled, onToggle }: Props) {
  const [open, setOpen] = useState<'privacy' | 'age' | null>(null);
  const close = () => setOpen(null);

  return (
    <fieldset className={styles.consents} disabled={disabled}>
      <legend className={styles.legend}>Before you upload</legend>
      <div className={styles.consent}>
        <label className={styles.check}>
          <input type="checkbox" checked={acceptPrivacy} onChange={(e) => onToggle('acceptPrivacy', e.currentTarget.checked)} />
          <span>I accept the privacy requirements</span>
        </label>
        <button type="button" className={styles.linkButton} onClick={() => setOpen('privacy')}>
          Read the privacy requirements
        </button>
      </div>
      <div className={styles.consent}>
        <label className={styles.check}>
          <input type="checkbox" checked={confirmAdult} onChange={(e) => onToggle('confirmAdult', e.currentTarget.checked)} />
          <span>I confirm I am 18 or older</span>
        </label>
        <button type="button" className={styles.linkButton} onClick={() => setOpen('age')}>
          Why 18 or older?
        </button>
      </div>
      {isAdmin && (
        <label className={styles.check}>
          <input type="checkbox" checked={publicRelease} onChange={(e) => onToggle('publicRelease', e.currentTarget.checked)} />
          <span>Publish as public</span>
        </label>
      )}
      <InfoDialog id="privacy-dialog" title="Privacy requirements" open={open === 'privacy'} onClose={close}>
        <ul className={styles.dialogList}>
          <li>The image is free to use, or you have the rights to it.</li>
          <li>It shows no real or identifiable people.</li>
          <li>It may be used as the Terms of Service describe.</li>
        </ul>
      </InfoDialog>
      <InfoDialog id="age-dialog" title="Age requirement" open={open === 'age'} onClose={close}>
        <p>You must be 18 or older to upload character cards. The service itself is open from 13, but uploading is for adults only.</p>
      </InfoDialog>
    </fieldset>
  );
}
