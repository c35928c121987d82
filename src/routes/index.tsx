import { createFileRoute } from '@tanstack/react-router';
import { GALLERY_SORTS, MAX_FILTER_TAGS, type GallerySortId } from '@core/contract/constants';
import { HomePage } from '../features/gallery/HomePage';

export interface HomeSearch {
  q?: string;
  /** Absent: the first sort (Trending). */
  sort?: GallerySortId;
  /** Tags the cards must all have, comma-separated. */
  tags?: string;
}

const isSort = (value: unknown): value is GallerySortId => (GALLERY_SORTS as readonly unknown[]).includes(value);

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch => {
    // Tags as the gallery files them (trimmed, lower-case); the server normalises them again.
    const tags =
      typeof search.tags === 'string'
        ? [...new Set(search.tags.split(',').map((tag) => tag.trim().toLowerCase()))].filter(Boolean).slice(0, MAX_FILTER_TAGS)
        : [];
    return {
      ...(typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim() } : {}),
      ...(isSort(search.sort) && search.sort !== GALLERY_SORTS[0] ? { sort: search.sort } : {}),
      ...(tags.length > 0 ? { tags: tags.join(',') } : {}),
    };
  },
  component: HomePage,
});
