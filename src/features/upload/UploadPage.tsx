import { Link } from '@tanstack/react-router';
import { MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { CARD_FILE_FORMATS } from '@core/card/index';
import { PageHeader } from '../../ui/PageHeader';
import { cardTypeOf, useOpenCardChat } from '../gallery/cardActions';
import { PricingLinkText } from '../../ui/PricingLinkText';
import { Consents } from './Consents';
import { FilePicker } from './FilePicker';
import styles from './UploadPage.module.css';
import { useUploadForm } from './useUploadForm';

const REQUIREMENTS = [
  ...CARD_FILE_FORMATS.map((format) => format.label),
  'Max 20MB, with the card’s assets',
  'Valid character info',
  'Image tied to your account',
];

/** The Upload screen (/create): choose, check, consent, upload with progress, then success or the reason it failed. */
export function UploadPage() {
  const form = useUploadForm();
  const openChat = useOpenCardChat();
  const { state } = form;
  const uploading = state.send.phase === 'uploading';
  const uploaded = state.send.phase === 'success' ? state.send.card : null;
  // The form above clears: on a phone the result would sit below the fold, so it comes into view.
  const success = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (uploaded) success.current?.scrollIntoView({ block: 'nearest' });
  }, [uploaded]);

  return (
    <div className={styles.page}>
      <PageHeader title="Upload a Character Card" />
      <form
        className={styles.form}
        aria-label="Upload a character card"
        onSubmit={(event) => {
          event.preventDefault();
          void form.upload();
        }}
      >
        <FilePicker file={state.file} preview={form.preview} disabled={uploading} resetKey={state.resets} onChoose={form.choose} />
        <Consents
          acceptPrivacy={state.acceptPrivacy}
          confirmAdult={state.confirmAdult}
          publicRelease={state.publicRelease}
          isAdmin={form.isAdmin}
          disabled={uploading}
          onToggle={form.toggle}
        />
        <section className={styles.requirements} aria-labelledby="upload-requirements">
          <h2 id="upload-requirements" className={styles.subTitle}>
            Requirements
          </h2>
          <ul>
            {REQUIREMENTS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        {form.blockers.length > 0 && (
          <ul id="upload-blockers" className={styles.blockers} aria-label="Why you can't upload yet">
            {form.blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
        <button
          type="submit"
          className={styles.primary}
          disabled={!form.ready}
          aria-describedby={form.blockers.length > 0 ? 'upload-blockers' : undefined}
        >
          {uploading ? 'Uploading...' : 'Upload'}
        </button>
        {state.send.phase === 'uploading' && (
          <div className={styles.progressRow}>
            <progress className={styles.progress} max={100} value={Math.round(state.send.progress * 100)} aria-label="Upload progress" />
            <span aria-hidden="true">{Math.round(state.send.progress * 100)}%</span>
          </div>
        )}
        {state.send.phase === 'success' && (
          <div className={styles.success} role="status" ref={success}>
            <p>{state.send.message}</p>
            <button type="button" className={styles.primary} onClick={() => uploaded && openChat(uploaded, cardTypeOf(uploaded))}>
              <MessageCircle size={18} aria-hidden="true" />
              Start chatting
            </button>
            <Link to="/collections" className={styles.link}>
              View in My Collections
            </Link>
          </div>
        )}
        {state.send.phase === 'error' && (
          <p className={styles.error} role="alert">
            <PricingLinkText text={state.send.message} />
            {state.send.code === 'slot_limit' && (
              <>
                {' '}
                <Link to="/pricing" className={styles.link}>
                  See the plans
                </Link>
              </>
            )}
          </p>
        )}
      </form>
    </div>
  );
}
