import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { MAX_FILTER_TAGS } from '@core/contract/constants';
import { popularTags } from '../../db/popularTags';
import { pullPopularTags } from '../../sync/popularTags';
import styles from './Filters.module.css';

const CHIPS = 12;

/**
 * Home's tag chips: the gallery's most used tags, each a toggle; several at once narrow the list to
 * cards with all of them. Loaded once the gallery shows its cards: Home's first view does without them.
 */
export function TagChips({ selected, nsfw }: { selected: readonly string[]; nsfw: boolean }) {
  const navigate = useNavigate();
  const popular = useLiveQuery(() => popularTags(nsfw), [nsfw]) ?? [];

  useEffect(() => {
    pullPopularTags(nsfw).catch((error: unknown) => console.warn('Tag chips are not available', error));
  }, [nsfw]);

  const toggle = (tag: string) => {
    const next = selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag].slice(-MAX_FILTER_TAGS);
    void navigate({ to: '/', search: (prev) => ({ ...prev, tags: next.length > 0 ? next.join(',') : undefined }) });
  };
  const chips = [...selected, ...popular.filter((tag) => !selected.includes(tag))].slice(0, Math.max(CHIPS, selected.length));
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Filter by tag">
      {chips.map((tag) => {
        const on = selected.includes(tag);
        return (
          <li key={tag}>
            <button type="button" className={styles.chip} aria-pressed={on} onClick={() => toggle(tag)}>
              {tag}
              {on && <span aria-hidden="true">×</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
