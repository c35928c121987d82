import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { PageHeader } from '../ui/PageHeader';

export const Route = createFileRoute('/create')({
  component: () => (
    <RequireAuth>
      <PageHeader title="Upload a Character Card" />
    </RequireAuth>
  ),
});
