import { RequireAuth } from '../../auth/RequireAuth';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../ui/PageHeader';
import { SignInPrompt } from '../auth/SignInPrompt';
import { FavoritesPage } from './FavoritesPage';

/**
 * The guard for /favorites: signed-in (or recently remembered offline) users see their favorites;
 * signed out, the spec's 'Please log in to view your favorites' with a way to sign in.
 */
export function FavoritesRoute() {
  const session = useSession();
  if (session.status === 'signedOut') {
    return (
      <>
        <PageHeader title="My Favorites" />
        <SignInPrompt title="Please log in to view your favorites" />
      </>
    );
  }
  return (
    <RequireAuth>
      <FavoritesPage />
    </RequireAuth>
  );
}
