import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { CreatePage, type CreateTab } from '../features/editor/CreatePage';

interface CreateSearch {
  tab?: CreateTab;
}

export const Route = createFileRoute('/create')({
  validateSearch: (search: Record<string, unknown>): CreateSearch => (search.tab === 'character' ? { tab: 'character' } : {}),
  component: function Create() {
    const { tab } = Route.useSearch();
    return (
      <RequireAuth>
        <CreatePage tab={tab ?? 'upload'} />
      </RequireAuth>
    );
  },
});
