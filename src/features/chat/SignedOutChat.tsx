import { SignInPrompt } from '../auth/SignInPrompt';

/** The spec's signed-out view of /recent-chat, in place of the automatic sign-in redirect. */
export function SignedOutChat() {
  return <SignInPrompt title="User not authenticated. Please log in to view chat records." action="Go to Login" />;
}
