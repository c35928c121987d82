import { createFileRoute } from '@tanstack/react-router';
import { SignedInLayout } from '../features/auth/SignedInLayout';

/** The pathless parent of every page of the user's own things (the routes in `_signedIn/`). */
export const Route = createFileRoute('/_signedIn')({
  component: SignedInLayout,
});
