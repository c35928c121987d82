import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/gallery/HomePage';

interface HomeSearch {
  q?: string;
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim() } : {},
  component: HomePage,
});
