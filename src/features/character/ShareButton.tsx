import { Share2 } from 'lucide-react';
import { useState } from 'react';
import styles from './CharacterPage.module.css';

/**
 * Share: the system's share sheet where there is one (phones), else the link copied; where neither
 * works, the link is shown to copy by hand. A private card's link opens for its owner only, so it says so.
 */
export function ShareButton({ name, fileId, isPublic }: { name: string; fileId: string; isPublic: boolean }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const url = `${window.location.origin}/characters/${encodeURIComponent(fileId)}`;

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${name} · cardchat`, text: `Chat with ${name} on cardchat`, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <>
      <button type="button" className={styles.secondary} onClick={() => void share()}>
        <Share2 size={16} aria-hidden="true" />
        {state === 'copied' ? 'Link copied' : 'Share'}
      </button>
      <span className={styles.shareNote} role="status">
        {state === 'copied' && !isPublic && 'Only you can open this link while the character is private.'}
        {state === 'manual' && (
          <>
            <label htmlFor="share-link">Copy this link:</label>{' '}
            <input id="share-link" className={styles.shareLink} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          </>
        )}
      </span>
    </>
  );
}
