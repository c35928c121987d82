import { useEffect, useState } from 'react';
import { fetchImageBlob } from '../../../api/images';

/** A chat's generated portrait (`/api/chats/photo/{chat_id}`): only its owner may read it. */
const isChatPhoto = (url: string) => url.includes('/chats/photo/');

/**
 * What an <img> can show for a chat's avatar. A public card's thumbnail is loaded directly (the
 * service worker caches it); a private card's, and a generated portrait, need the Bearer token, which
 * an <img src> cannot send, so they are fetched and shown as an object URL. Null while loading, when
 * there is none, or on failure.
 */
export function useAvatarSrc(url: string | null, cardType: 'public' | 'user'): string | null {
  const open = url !== null && cardType === 'public' && !isChatPhoto(url);
  const direct = open ? url : null;
  const [fetched, setFetched] = useState<string | null>(null);
  useEffect(() => {
    setFetched(null);
    if (!url || open) return;
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
  }, [url, open]);
  return direct ?? fetched;
}
