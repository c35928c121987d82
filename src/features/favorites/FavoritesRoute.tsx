import { RequireAuth } from '../../auth/RequireAuth';
import { useSession } from '../../auth/useSession';
import styles from '../../ui/statusScreen.module.css';
import { FavoritesPage } from './FavoritesPage';
import { useOnline } from '../../lib/useOnline';

/**
 * The guard for /favorites: signed-in (or recently remembered offline) users see their favorites;
 * signed out, RequireAuth redirects to sign-in, except offline, where the spec's text explains.
 */
export function FavoritesRoute() {
  const session = useSession();
  const online = useOnline();
  if (session.status === 'signedOut' && !online) {
    return (
      <div className={styles.screen}>
        <p className={styles.title}>Please log in to view your favorites</p>
      </div>
    );
  }
  return (
    <RequireAuth>
      <FavoritesPage />
    </RequireAuth>
  );
}
