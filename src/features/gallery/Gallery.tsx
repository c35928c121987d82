import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import type { GalleryQuery } from '../../api/images';
import { useProfile } from '../../auth/useProfile';
import { useSavedCopyNote } from '../../lib/useOnline';
import type { CachedCard } from '../../db/db';
import { toggleFavorite } from '../../sync/gallery';
import { Spinner } from '../../ui/Spinner';
import { useOpenCardChat } from './cardActions';
import { CharacterCard } from './CharacterCard';
import { FIRST_ROW } from '@core/gallery';
import styles from './Gallery.module.css';
import { useGallery } from './useGallery';
import { useFirstViewComplete } from '../../pwa/firstView';
import { useWhenSeen } from './useWhenSeen';

// Loaded when a card is first viewed: Home's first load has a byte budget (bench figure 1).
const ViewCardDialog = lazy(() => import('./ViewCardDialog').then((module) => ({ default: module.ViewCardDialog })));
// Loaded once the page's first view is complete and the gallery shows cards (or tags are chosen), for the same reason.
const TagChips = lazy(() => import('./TagChips').then((module) => ({ default: module.TagChips })));

/**
 * The 'Character Cards' tab: loading, error, empty, or the grid of public cards (from Dexie), paging
 * on as the reader scrolls near the end ('Load more' too, for a keyboard). NSFW thumbnails stay
 * blurred until tapped.
 */
export function Gallery({ query, tagChips = false }: { query: GalleryQuery; tagChips?: boolean }) {
  const gallery = useGallery(query);
  const { q } = query;
  const selectedTags = query.tags ?? [];
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const more = useRef<HTMLButtonElement>(null);
  useWhenSeen(more, gallery.loadMore, gallery.hasMore && !gallery.loadingMore);
  const profile = useProfile();
  const savedNote = useSavedCopyNote('cards');
  const navigate = useNavigate();
  const openChat = useOpenCardChat();
  const [viewing, setViewing] = useState<CachedCard | null>(null);
  // Mounted from the first view on and kept, so closing it is the dialog's own close (focus goes back).
  const [viewed, setViewed] = useState(false);
  const view = (card: CachedCard) => {
    setViewed(true);
    setViewing(card);
  };
  const { cards, phase } = gallery;
  const firstViewComplete = useFirstViewComplete();
  // Chips come once the first view is complete and there are cards (or tags chosen, so they can be taken off again).
  const chips =
    tagChips && firstViewComplete && (selectedTags.length > 0 || (cards?.length ?? 0) > 0) ? (
      <Suspense fallback={null}>
        <TagChips selected={selectedTags} nsfw={query.nsfw === true} />
      </Suspense>
    ) : null;

  // Nothing until Dexie answers, so a cached gallery never flashes a spinner or an empty state.
  if (cards === undefined) return null;

  const failed = phase === 'error' || (phase === 'offline' && cards.length === 0);
  if (failed) {
    return (
      <div className={styles.status} role="alert">
        <p className={styles.statusTitle}>Failed to load public images</p>
        <button type="button" className={styles.button} onClick={gallery.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (cards.length === 0) {
    if (phase === 'loading') {
      return (
        <div className={styles.status}>
          <Spinner label="Loading public images..." />
        </div>
      );
    }
    return (
      <>
        {chips}
        <div className={styles.status}>
          <p className={styles.statusTitle}>
            {q ? `No characters match “${q}”` : selectedTags.length ? 'No characters have all these tags' : 'No characters yet'}
          </p>
          <p>
            {q || selectedTags.length
              ? 'Try another name, tag or creator.'
              : 'Public character cards will appear here as soon as they are shared.'}
          </p>
        </div>
      </>
    );
  }

  const favorite = (card: CachedCard) => {
    if (profile) void toggleFavorite(card);
    else void navigate({ to: '/login' });
  };
  // The saving code loads on the first download: Home's first view does without it.
  const download = (card: CachedCard) => {
    import('./saveCardImage')
      .then(({ saveCardImage }) => saveCardImage(card))
      .catch((error: unknown) => console.error('Download failed', error));
  };

  return (
    <>
      {chips}
      {phase === 'offline' && (
        <p className={styles.offline} role="status">
          {savedNote}
        </p>
      )}
      <div className={styles.grid}>
        {cards.map((card, index) => (
          <CharacterCard
            key={card.file_id}
            card={card}
            priority={index < FIRST_ROW}
            onOpen={openChat}
            onView={view}
            onFavorite={favorite}
            onDownload={download}
            blurred={card.content_rating === 'nsfw' && !revealed.has(card.file_id)}
            onReveal={() => setRevealed(new Set(revealed).add(card.file_id))}
          />
        ))}
      </div>
      {gallery.hasMore && (
        <div className={styles.more}>
          <button type="button" ref={more} className={styles.button} onClick={gallery.loadMore} disabled={gallery.loadingMore}>
            {gallery.loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
      {viewed && (
        <Suspense fallback={null}>
          <ViewCardDialog card={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
