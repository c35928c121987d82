import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { PageHeader } from '../ui/PageHeader';

export const Route = createFileRoute('/favorites')({
  component: () => (
    <RequireAuth>
      <PageHeader title="My Favorites" />
    </RequireAuth>
  ),
});
