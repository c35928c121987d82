import { createFileRoute } from '@tanstack/react-router';
import { SignedInGuard } from '../features/auth/SignedInGuard';

/** The pathless parent of every page of the user's own things (the routes in `_signedIn/`): who may open them is SignedInGuard's. */
export const Route = createFileRoute('/_signedIn')({
  component: SignedInGuard,
});
