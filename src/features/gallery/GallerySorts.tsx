import { Link } from '@tanstack/react-router';
import { GALLERY_SORTS, type GallerySortId } from '@core/contract/constants';
import styles from './Filters.module.css';

const SORT_LABELS: Record<GallerySortId, string> = {
  trending: 'Trending',
  newest: 'Newest',
  liked: 'Most liked',
  chatted: 'Most chatted',
};

/** The gallery's sorts: links, since a sort is part of the address (shareable, and Back returns to it). */
export function GallerySorts({ current = GALLERY_SORTS[0] }: { current?: GallerySortId | undefined }) {
  return (
    <nav aria-label="Sort characters">
      <ul className={styles.sorts}>
        {GALLERY_SORTS.map((sort) => (
          <li key={sort}>
            <Link
              to="/"
              search={(prev) => ({ ...prev, sort: sort === GALLERY_SORTS[0] ? undefined : sort })}
              className={styles.sort}
              aria-current={sort === current ? 'true' : undefined}
            >
              {SORT_LABELS[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
