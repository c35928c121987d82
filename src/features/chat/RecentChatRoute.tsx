import { RequireAuth } from '../../auth/RequireAuth';
import { useSession } from '../../auth/useSession';
import { RecentChatPage } from './RecentChatPage';
import { SignedOutChat } from './SignedOutChat';

/** /recent-chat's guard: 'Loading' while the session settles, the spec's signed-out view, else the chats. */
export function RecentChatRoute() {
  const session = useSession();
  if (session.status === 'signedOut') return <SignedOutChat />;
  return (
    <RequireAuth>
      <RecentChatPage />
    </RequireAuth>
  );
}
