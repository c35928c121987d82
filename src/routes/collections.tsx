import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { PageHeader } from '../ui/PageHeader';

export const Route = createFileRoute('/collections')({
  component: () => (
    <RequireAuth>
      <PageHeader title="My Collections" />
    </RequireAuth>
  ),
});
