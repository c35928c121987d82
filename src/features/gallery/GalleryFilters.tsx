import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { GALLERY_SORTS, type GallerySortId } from '../../../core/contract/constants';
import { MAX_FILTER_TAGS } from '../../../core/tags';
import type { GalleryQuery } from '../../api/images';
import { popularTags } from '../../db/cards';
import { pullPopularTags } from '../../sync/gallery';
import styles from './GalleryFilters.module.css';

const SORT_LABELS: Record<GallerySortId, string> = {
  trending: 'Trending',
  newest: 'Newest',
  liked: 'Most liked',
  chatted: 'Most chatted',
};

const CHIPS = 12;

/**
 * The gallery's sorts (links: a sort is part of the address, shareable) and tag chips: the most used
 * tags, each a toggle; several at once narrow the list to cards with all of them.
 */
export function GalleryFilters({ query }: { query: GalleryQuery }) {
  const navigate = useNavigate();
  const current = query.sort ?? GALLERY_SORTS[0];
  const selected = query.tags ?? [];
  const nsfw = query.nsfw === true;
  const popular = useLiveQuery(() => popularTags(nsfw), [nsfw]) ?? [];

  useEffect(() => {
    pullPopularTags(nsfw).catch((error: unknown) => console.warn('Tag chips are not available', error));
  }, [nsfw]);

  const toggle = (tag: string) => {
    const next = selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag].slice(-MAX_FILTER_TAGS);
    void navigate({ to: '/', search: (prev) => ({ ...prev, tags: next.length > 0 ? next.join(',') : undefined }) });
  };
  const chips = [...selected, ...popular.filter((tag) => !selected.includes(tag))].slice(0, Math.max(CHIPS, selected.length));

  return (
    <div className={styles.filters}>
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
      {chips.length > 0 && (
        <ul className={styles.chips} aria-label="Filter by tag">
          {chips.map((tag) => {
            const on = selected.includes(tag);
            return (
              <li key={tag}>
                <button type="button" className={styles.chip} aria-pressed={on} onClick={() => toggle(tag)}>
                  {tag}
                  {on && <X size={14} aria-hidden="true" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
