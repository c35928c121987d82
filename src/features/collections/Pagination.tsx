import { ChevronLeft, ChevronRight } from 'lucide-react';
import styles from './Collections.module.css';
import { pageButtons } from './pagination';

interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Prev, up to five numbered pages, next. */
export function Pagination({ page, totalPages, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <button type="button" className={styles.pageButton} onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      {pageButtons(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          className={styles.pageButton}
          onClick={() => onPage(n)}
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={styles.pageButton}
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </nav>
  );
}
