import { Link } from '@tanstack/react-router';
import { Download, Eye, Heart } from 'lucide-react';
import type { CachedCard } from '../../db/db';
import { TagList } from '../../ui/TagList';
import { toCardView, VISIBLE_TAGS } from './cardView';
import styles from './CharacterCard.module.css';
import { PORTRAIT_SIZES } from '@core/gallery';
import { Portrait } from './Portrait';

interface Props {
  card: CachedCard;
  onOpen: (card: CachedCard) => void;
  onView: (card: CachedCard) => void;
  onFavorite: (card: CachedCard) => void;
  onDownload: (card: CachedCard) => void;
  /** In the first row: its picture is fetched first (Portrait). */
  priority?: boolean;
  /** An NSFW card not tapped yet: its portrait is blurred, with a button to show it. */
  blurred?: boolean;
  onReveal?: () => void;
}

/**
 * One gallery tile: portrait, name, tags, creator and likes, with view, favorite and download
 * actions. The name is the tile's button: it covers the whole tile, so a click anywhere opens the
 * chat, while the actions stay buttons of their own above it.
 */
export function CharacterCard({ card, onOpen, onView, onFavorite, onDownload, priority, blurred = false, onReveal }: Props) {
  const view = toCardView(card);
  const handle = card.creator_handle;
  return (
    <article className={styles.card} aria-label={view.name}>
      <span className={blurred ? `${styles.portrait} ${styles.blurred}` : styles.portrait}>
        <Portrait card={card} sizes={PORTRAIT_SIZES} priority={priority} />
      </span>
      {blurred && (
        <button type="button" className={styles.reveal} onClick={onReveal} aria-label={`Show ${view.name}'s portrait (NSFW)`}>
          NSFW · tap to show
        </button>
      )}
      <div className={styles.body}>
        <h2 className={styles.name}>
          <button type="button" className={styles.open} onClick={() => onOpen(card)} aria-label={`Chat with ${view.name}`}>
            {view.name}
          </button>
        </h2>
        <p className={styles.description}>{view.description}</p>
        <TagList tags={view.tags} max={VISIBLE_TAGS} oneLine className={styles.tags} tagClassName={styles.tag} />
        <p className={styles.meta}>
          {handle ? (
            <Link to="/@{$handle}" params={{ handle }} className={`${styles.creator} ${styles.creatorLink}`}>
              @{handle}
            </Link>
          ) : (
            <span className={styles.creator}>@{view.user_name}</span>
          )}
          <span className={styles.likes} aria-label={`${view.like_count} likes`}>
            <Heart size={14} aria-hidden="true" />
            {view.like_count}
          </span>
        </p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => onView(card)} aria-label={`View ${view.name}`}>
          <Eye size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => onFavorite(card)}
          aria-label={card.favorited ? `Remove ${view.name} from favorites` : `Add ${view.name} to favorites`}
          aria-pressed={card.favorited ?? false}
        >
          <Heart size={18} aria-hidden="true" fill={card.favorited ? 'currentColor' : 'none'} />
        </button>
        <button type="button" className={styles.action} onClick={() => onDownload(card)} aria-label={`Download ${view.name}`}>
          <Download size={18} aria-hidden="true" />
        </button>
      </div>
    </article>
  );
}
