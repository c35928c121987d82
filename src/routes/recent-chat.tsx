import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { PageHeader } from '../ui/PageHeader';

export const Route = createFileRoute('/recent-chat')({
  component: () => (
    <RequireAuth>
      <PageHeader title="Recent Chats" />
    </RequireAuth>
  ),
});
