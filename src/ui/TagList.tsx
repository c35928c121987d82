import { useRef } from 'react';
import { useTagsThatFit } from './useTagsThatFit';

interface Props {
  tags: string[];
  /** The most tags shown; '+N' counts the rest. */
  max: number;
  /** Keep to one line (the list's class must not wrap): fewer whole tags, and '+N' for the others. */
  oneLine?: boolean;
  className?: string;
  tagClassName?: string;
}

/** A card's tags: the first `max` of them (or as many as fit on one line), then '+N' for the rest. */
export function TagList({ tags, max, oneLine = false, className, tagClassName }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const candidates = tags.slice(0, max);
  const fit = useTagsThatFit(list, candidates, tags.length, oneLine);
  const shown = candidates.slice(0, fit.shown);
  const more = tags.length - shown.length;
  return (
    <ul className={className} aria-label="Tags" ref={list}>
      {shown.map((tag, i) => (
        // A long tag may still be shortened on screen: the title gives it whole.
        <li key={`${tag}-${i}`} className={tagClassName} title={tag}>
          {tag}
        </li>
      ))}
      {/* While measuring, '+N' at its widest ('+' every tag), never seen: the count settles before paint. */}
      {(fit.measuring || more > 0) && (
        <li className={tagClassName} data-more aria-label={`${more} more tags`}>
          +{fit.measuring ? tags.length : more}
        </li>
      )}
    </ul>
  );
}
