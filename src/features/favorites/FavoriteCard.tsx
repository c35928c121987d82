import { useState } from 'react';
import { fillPlaceholders } from '@core/card/placeholders';
import type { Favorite } from '@core/contract';
import { ChangeCharacterButton } from '../replace/ChangeCharacterButton';
import { addedLine, TAG_COLLAPSE_ABOVE } from './favoritesLogic';
import { TagList } from '../../ui/TagList';
import styles from './FavoriteCard.module.css';
import { DEFAULT_AVATAR } from '../../ui/Avatar';
import { OnlineButton } from '../../ui/OnlineButton';

interface Props {
  favorite: Favorite;
  onOpen: (favorite: Favorite) => void;
  onRemove: (favorite: Favorite) => void;
  /** After a replacement the server has dropped this favorite (the new card is the user's own). */
  onReplaced: () => void;
}

/**
 * One favorite: portrait, name, description, tags (collapsible above 6), date added and actions. The
 * name is the tile's button and covers it: a click anywhere but on another action opens the chat.
 */
export function FavoriteCard({ favorite, onOpen, onRemove, onReplaced }: Props) {
  const [failed, setFailed] = useState(false);
  const name = favorite.character_name;
  // Card text reads {{char}} and {{user}} as the character's name and the viewer, as on Home.
  const description = favorite.character_description ? fillPlaceholders(favorite.character_description, { char: name, user: 'you' }) : '';
  return (
    <article className={styles.card} aria-label={name}>
      <img
        className={styles.portrait}
        src={failed ? DEFAULT_AVATAR : favorite.url}
        alt=""
        loading="lazy"
        decoding="async"
        width={240}
        height={360}
        onError={() => setFailed(true)}
      />
      <div className={styles.body}>
        <h2 className={styles.name}>
          <button type="button" className={styles.open} onClick={() => onOpen(favorite)} aria-label={`Chat with ${name}`}>
            {name}
          </button>
        </h2>
        {description && <p className={styles.description}>{description}</p>}
        {favorite.tags.length > 0 && (
          <TagList
            tags={favorite.tags}
            max={TAG_COLLAPSE_ABOVE}
            toggle={{ more: () => 'Show more', less: 'Show less', className: styles.toggle }}
            className={styles.tags}
            tagClassName={styles.tag}
          />
        )}
        <p className={styles.added}>{addedLine(favorite.created_at)}</p>
        <div className={styles.actions}>
          <ChangeCharacterButton fileId={favorite.file_id} originalName={name} onReplaced={onReplaced} className={styles.secondary} />
          <OnlineButton
            type="button"
            className={styles.remove}
            onClick={() => onRemove(favorite)}
            aria-label={`Remove ${name} from favorites`}
          >
            Remove
          </OnlineButton>
        </div>
      </div>
    </article>
  );
}
