import { RequireAuth } from '../../auth/RequireAuth';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../ui/PageHeader';
import { SignInPrompt } from '../auth/SignInPrompt';
import { CollectionsPage } from './CollectionsPage';

/** /collections: the user's cards; signed out, the spec's 'Authentication Required' with a way to sign in. */
export function CollectionsScreen() {
  const session = useSession();
  if (session.status === 'signedOut') {
    return (
      <>
        <PageHeader title="My Collections" />
        <SignInPrompt title="Authentication Required">
          <p>Please log in to view your collections.</p>
        </SignInPrompt>
      </>
    );
  }
  return (
    <RequireAuth>
      <CollectionsPage />
    </RequireAuth>
  );
}
