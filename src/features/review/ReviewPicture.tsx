import { useEffect, useState } from 'react';
import { fetchReviewPicture } from '../../api/publishing';
import { DEFAULT_AVATAR } from '../../ui/Avatar';
import styles from './ReviewPage.module.css';

/** The portrait under review, fetched with the administrator's token (the card may still be private). */
export function ReviewPicture({ url, name }: { url: string; name: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchReviewPicture(url).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => live && setSrc(DEFAULT_AVATAR),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return <div className={styles.picture}>{src && <img src={src} alt={`Portrait of ${name}`} width={240} height={360} />}</div>;
}
