import { useState } from 'react';
import type { CachedCard } from '../../db/db';
import { DEFAULT_AVATAR } from '../../ui/Avatar';


/**
 * A card's lazy WebP thumbnail (240w/480w via srcset; the full PNG only on download), falling back
 * to the default avatar when it cannot load, e.g. offline before the image was ever cached.
 */
export function Portrait({ card, sizes, className }: { card: CachedCard; sizes: string; className?: string }) {
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
      loading="lazy"
      decoding="async"
      width={240}
      height={360}
      onError={() => setFailedFor(card.file_id)}
    />
  );
}
