import { useState } from 'react';
import type { CachedCard } from '../../db/db';
import { DEFAULT_AVATAR } from '../../ui/Avatar';

/**
 * A card's lazy WebP thumbnail (240w/480w via srcset; the full PNG only on download), falling back
 * to the default avatar when it cannot load, e.g. offline before the image was ever cached.
 * `priority`: on screen at once (the gallery's first row), so fetched first and never lazily.
 */
export function Portrait({
  card,
  sizes,
  className,
  priority = false,
}: {
  card: CachedCard;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // Keyed by card, so a tile reused for another card tries that card's thumbnail again.
  const failed = failedFor === card.file_id;
  return (
    <img
      className={className}
      src={failed ? DEFAULT_AVATAR : card.thumbnail_url}
      srcSet={failed ? undefined : card.thumbnail_srcset}
      sizes={sizes}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={240}
      height={360}
      onError={() => setFailedFor(card.file_id)}
    />
  );
}
