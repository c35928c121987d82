import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { CachedCard } from '../../db/db';
import { useModalDialog } from '../../ui/useModalDialog';
import { toCardView } from './cardView';
import { Portrait } from './Portrait';
import styles from './ViewCardDialog.module.css';

// Loaded when a card is first viewed, not with Home: Home's first load has a byte budget (bench figure 1).
const CardDownloads = lazy(() => import('../cardFiles/CardDownloads').then((module) => ({ default: module.CardDownloads })));

/** The card's view modal, a native <dialog>: focus, Escape and the inert page come with it. */
export function ViewCardDialog({ card, onClose }: { card: CachedCard | null; onClose: () => void }) {
  const { ref, closeOnBackdrop } = useModalDialog(card !== null, onClose);

  const view = card ? toCardView(card) : null;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click is the backdrop's; Escape closes a <dialog> natively
    <dialog ref={ref} className={styles.dialog} onClose={onClose} onClick={closeOnBackdrop} aria-labelledby="view-card-title">
      {view && card && (
        <div className={styles.box}>
          <Portrait className={styles.image} card={card} sizes="140px" />
          <div className={styles.details}>
            <h2 id="view-card-title" className={styles.title}>
              {view.name}
            </h2>
            <dl className={styles.facts}>
              <dt>Tags</dt>
              <dd>{card.card_data.data.tags?.length ? card.card_data.data.tags.join(', ') : 'None'}</dd>
              <dt>User</dt>
              <dd>{view.user_name}</dd>
              <dt>Clicks</dt>
              <dd>{view.click_count}</dd>
              <dt>Likes</dt>
              <dd>{view.like_count}</dd>
            </dl>
            <Suspense fallback={null}>
              <CardDownloads card={{ fileId: card.file_id, name: view.name, isPublic: true }} />
            </Suspense>
            <div className={styles.buttons}>
              <Link to="/characters/$fileId" params={{ fileId: card.file_id }} className={styles.open}>
                Open page
              </Link>
              <button type="button" className={styles.close} onClick={onClose}>
                Close
              </button>
            </div>
          </div>
        </div>
      )}
    </dialog>
  );
}
