import { useEffect, useState } from 'react';
import { fetchImageBlob } from '../../../api/images';

/**
 * What an <img> can show for a chat's avatar. A public card's thumbnail is loaded directly (the
 * service worker caches it); a private card's needs the Bearer token, which an <img src> cannot send,
 * so it is fetched and shown as an object URL. Null while loading, when there is none, or on failure.
 */
export function useAvatarSrc(url: string | null, cardType: 'public' | 'user'): string | null {
  const direct = url && cardType === 'public' ? url : null;
  const [fetched, setFetched] = useState<string | null>(null);
  useEffect(() => {
    setFetched(null);
    if (!url || cardType === 'public') return;
    let objectUrl: string | null = null;
    let current = true;
    fetchImageBlob(url).then(
      (blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setFetched(objectUrl);
      },
      () => undefined,
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, cardType]);
  return direct ?? fetched;
}
