import { RequireAuth } from '../../auth/RequireAuth';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../ui/PageHeader';
import statusStyles from '../../ui/statusScreen.module.css';
import { useOnline } from '../../lib/useOnline';
import { CollectionsPage } from './CollectionsPage';

/**
 * /collections behind the route guard. Signed out, the guard redirects to sign-in; offline it cannot,
 * so the spec's 'Authentication Required' shows instead.
 */
export function CollectionsScreen() {
  const session = useSession();
  const online = useOnline();
  if (session.status === 'signedOut' && !online) {
    return (
      <>
        <PageHeader title="My Collections" />
        <div className={statusStyles.screen}>
          <p className={statusStyles.title}>Authentication Required</p>
          <p>Please log in to view your collections.</p>
        </div>
      </>
    );
  }
  return (
    <RequireAuth>
      <CollectionsPage />
    </RequireAuth>
  );
}
