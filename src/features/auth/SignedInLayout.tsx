import { Outlet, useMatches } from '@tanstack/react-router';
import { RequireAuth } from '../../auth/RequireAuth';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../ui/PageHeader';
import { SignInPrompt } from './SignInPrompt';
import type { SignedOutPage } from './signedOutPage';

/**
 * The one sign-in guard: 'Loading' while the session settles, the page when signed in (or offline
 * with a recent profile); signed out, the page's own prompt where it names one (its `signedOut`
 * static data), else the sign-in redirect.
 */
export function SignedInLayout() {
  const session = useSession();
  const prompt = useMatches({ select: (matches) => matches.at(-1)?.staticData.signedOut });
  if (session.status === 'signedOut' && prompt) return <SignedOutView page={prompt} />;
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

function SignedOutView({ page }: { page: SignedOutPage }) {
  return (
    <>
      {page.header && <PageHeader title={page.header} />}
      <SignInPrompt title={page.title} {...(page.action ? { action: page.action } : {})}>
        {page.text && <p>{page.text}</p>}
      </SignInPrompt>
    </>
  );
}
