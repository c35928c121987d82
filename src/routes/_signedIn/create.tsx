import { createFileRoute } from '@tanstack/react-router';
import { CreatePage, type CreateTab } from '../../features/editor/CreatePage';

interface CreateSearch {
  tab?: CreateTab;
}

export const Route = createFileRoute('/_signedIn/create')({
  validateSearch: (search: Record<string, unknown>): CreateSearch => (search.tab === 'character' ? { tab: 'character' } : {}),
  component: function Create() {
    const { tab } = Route.useSearch();
    return <CreatePage tab={tab ?? 'upload'} />;
  },
});
