import { Link } from '@tanstack/react-router';
import type { Favorite } from '@core/contract';
import { pullCharacter } from '../../sync/characters';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useOpenCardChat } from '../gallery/cardActions';
import { FavoriteCard } from './FavoriteCard';
import { characterFromFavorite, countLine } from './favoritesLogic';
import styles from './FavoritesPage.module.css';
import { useFavorites } from './useFavorites';
import { useOnline, useSavedCopyNote } from '../../lib/useOnline';
import { OnlineButton } from '../../ui/OnlineButton';

/** Favorites (/favorites): the user's favorited public cards, from Dexie, pulled 10 at a time. */
export function FavoritesPage() {
  const state = useFavorites();
  const online = useOnline();
  const savedNote = useSavedCopyNote('favorites');
  const openChat = useOpenCardChat();
  const { favorites, phase } = state;
  // Only a count the server gave: never '0 characters favorited' while loading, offline or after a failure.
  const count = state.count;

  const open = async (favorite: Favorite) => {
    // The details carry the whole card; when they cannot be had, the favorite's own text will do.
    const details = online ? await pullCharacter(favorite.file_id).catch(() => null) : null;
    openChat(characterFromFavorite(favorite, details));
  };

  return (
    <div className={styles.page}>
      <PageHeader title="My Favorites">{count !== null && countLine(count)}</PageHeader>
      <div className={styles.content}>
        {phase === 'error' && (
          <div className={styles.banner} role="alert">
            <span>Failed to load favorites</span>
            <OnlineButton type="button" className={styles.bannerButton} onClick={state.retry}>
              Retry
            </OnlineButton>
          </div>
        )}
        {state.removeError && (
          <div className={styles.banner} role="alert">
            <span>{state.removeError}</span>
          </div>
        )}
        {phase === 'offline' && (
          <p className={styles.offline} role="status">
            {savedNote}
          </p>
        )}
        {favorites === undefined ? null : favorites.length === 0 ? (
          phase === 'loading' ? (
            <div className={styles.status}>
              <Spinner label="Loading favorites..." />
            </div>
          ) : (
            phase !== 'error' && (
              <div className={styles.status}>
                <p className={styles.statusTitle}>No favorites yet</p>
                <p>Start exploring characters and add them to your favorites!</p>
                <Link className={styles.button} to="/">
                  Explore characters
                </Link>
              </div>
            )
          )
        ) : (
          <div className={styles.grid}>
            {favorites.map((favorite) => (
              <FavoriteCard
                key={favorite.id}
                favorite={favorite}
                onOpen={(f) => void open(f)}
                onRemove={state.remove}
                onReplaced={state.retry}
              />
            ))}
          </div>
        )}
        {state.hasMore && favorites !== undefined && favorites.length > 0 && (
          <div className={styles.more}>
            <OnlineButton type="button" className={styles.button} onClick={state.loadMore} disabled={state.loadingMore}>
              {state.loadingMore ? 'Loading...' : 'Load More'}
            </OnlineButton>
          </div>
        )}
      </div>
    </div>
  );
}
