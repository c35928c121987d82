import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { Consents } from '../upload/Consents';
import { MESSAGE_ACCEPT_PRIVACY, MESSAGE_CONFIRM_AGE } from '../upload/uploadState';
import styles from './Editor.module.css';
import type { SaveState } from './useSaveCharacter';

interface Props {
  isNew: boolean;
  isAdmin: boolean;
  /** The card is in the gallery already (an edit of a public card). */
  isPublic: boolean;
  publicRelease: boolean;
  onPublicRelease: (value: boolean) => void;
  /** Why cardchat cannot be reached, while it cannot: saving needs it. */
  offline: string | undefined;
  /** When the draft was last kept on this device (ms), or null. */
  keptAt: number | null;
  state: SaveState;
  onSave: () => void;
  /** Where the saved card stands on its way to the gallery, and its creator's controls (features/review). */
  publishing?: ReactNode;
}

/** A phone: the bar stays at the bottom of a short screen, so the confirmations fold to one line. */
const PHONE_QUERY = '(max-width: 600px)';

/**
 * Save, always in reach: a new character asks the upload's two confirmations first; an
 * administrator may publish; offline it says why it waits. The draft is on the device either way.
 */
export function SaveBar({ isNew, isAdmin, isPublic, publicRelease, onPublicRelease, offline, keptAt, state, onSave, publishing }: Props) {
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);
  const [confirmAdult, setConfirmAdult] = useState(false);
  const saving = state.phase === 'saving';
  const phone = useMediaQuery(PHONE_QUERY);
  const confirmed = Number(acceptPrivacy) + Number(confirmAdult);
  const blockers = [
    offline && `${offline}: saving needs cardchat. Your draft is kept on this device.`,
    isNew && !acceptPrivacy && MESSAGE_ACCEPT_PRIVACY,
    isNew && !confirmAdult && MESSAGE_CONFIRM_AGE,
  ].filter((reason): reason is string => typeof reason === 'string');

  return (
    <div className={styles.saveBar}>
      {isNew ? (
        // Open beside a wide form; on a phone one line that opens, so it never covers what is typed.
        <details className={styles.confirmations} open={!phone || undefined}>
          <summary className={styles.confirmationsSummary}>Before you upload: {confirmed} of 2 confirmed</summary>
          <Consents
            acceptPrivacy={acceptPrivacy}
            confirmAdult={confirmAdult}
            publicRelease={publicRelease}
            isAdmin={isAdmin}
            disabled={saving}
            onToggle={(field, value) => {
              if (field === 'acceptPrivacy') setAcceptPrivacy(value);
              else if (field === 'confirmAdult') setConfirmAdult(value);
              else onPublicRelease(value);
            }}
          />
        </details>
      ) : (
        isAdmin &&
        (isPublic ? (
          <p className={styles.saveState}>This card is public: it is in the gallery.</p>
        ) : (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={publicRelease}
              disabled={saving}
              onChange={(event) => onPublicRelease(event.currentTarget.checked)}
            />
            Publish as public
          </label>
        ))
      )}
      <div className={styles.saveRow}>
        <button
          type="button"
          className={styles.primary}
          disabled={saving || blockers.length > 0}
          aria-describedby={blockers.length > 0 ? 'editor-save-blockers' : undefined}
          onClick={onSave}
        >
          {saving ? 'Saving…' : isNew ? 'Save character' : 'Save changes'}
        </button>
        {state.phase === 'saving' && state.progress !== null && (
          <progress className={styles.progress} max={100} value={Math.round(state.progress * 100)} aria-label="Saving" />
        )}
        {keptAt !== null && state.phase !== 'saving' && (
          <p className={styles.saveState}>
            Draft kept on this device at {new Date(keptAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </p>
        )}
      </div>
      {blockers.length > 0 && (
        <ul id="editor-save-blockers" className={styles.problems} aria-label="Why you can't save yet">
          {blockers.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {publishing}
      {state.phase === 'failed' && (
        <p className={styles.error} role="alert">
          {state.message}
          {(state.code === 'slot_limit' || state.code === 'storage_quota') && (
            <>
              {' '}
              <Link to="/pricing">See the plans</Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
