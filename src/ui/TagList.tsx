import { useRef, useState } from 'react';
import { useTagsThatFit } from './useTagsThatFit';

interface Props {
  tags: string[];
  /** The most tags shown; '+N' counts the rest (or the toggle shows them). */
  max: number;
  /** Keep to one line (the list's class must not wrap): fewer whole tags, and '+N' for the others. */
  oneLine?: boolean;
  /**
   * Instead of '+N': a button after the list that shows every tag, and back. `more` is its text while
   * `hidden` tags are hidden. Not with `oneLine`.
   */
  toggle?: { more: (hidden: number) => string; less: string; className?: string };
  className?: string;
  tagClassName?: string;
}

/** A card's tags: the first `max` of them (or as many as fit on one line), then '+N' for the rest. */
export function TagList({ tags, max, oneLine = false, toggle, className, tagClassName }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const [expanded, setExpanded] = useState(false);
  const candidates = toggle && expanded ? tags : tags.slice(0, max);
  const fit = useTagsThatFit(list, candidates, tags.length, oneLine && !toggle);
  const shown = candidates.slice(0, fit.shown);
  const more = tags.length - shown.length;
  return (
    <>
      <ul className={className} aria-label="Tags" ref={list}>
        {shown.map((tag, i) => (
          // A long tag may still be shortened on screen: the title gives it whole.
          <li key={`${tag}-${i}`} className={tagClassName} title={tag}>
            {tag}
          </li>
        ))}
        {/* While measuring, '+N' at its widest ('+' every tag), never seen: the count settles before paint. */}
        {!toggle && (fit.measuring || more > 0) && (
          <li className={tagClassName} data-more aria-label={`${more} more tags`}>
            +{fit.measuring ? tags.length : more}
          </li>
        )}
      </ul>
      {toggle && tags.length > max && (
        <button type="button" className={toggle.className} onClick={() => setExpanded((open) => !open)} aria-expanded={expanded}>
          {expanded ? toggle.less : toggle.more(more)}
        </button>
      )}
    </>
  );
}
