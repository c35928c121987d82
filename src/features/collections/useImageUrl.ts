import { useEffect, useState } from 'react';
import { fetchImageBlob } from '../../api/images';
import { DEFAULT_AVATAR } from '../../ui/Avatar';

/**
 * An object URL for an API image fetched with the Bearer token (private cards and their thumbnails
 * need it); the default avatar when it cannot be fetched. Undefined while loading, or without a URL.
 */
export function useImageUrl(url: string | null): string | undefined {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let objectUrl: string | null = null;
    let current = true;
    setSrc(undefined);
    if (!url) return;
    fetchImageBlob(url).then(
      (blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => current && setSrc(DEFAULT_AVATAR),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
