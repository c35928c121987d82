import { useImageUrl } from '../collections/useImageUrl';
import styles from './ReviewPage.module.css';

/** The portrait under review, fetched with the administrator's token (the card may still be private). */
export function ReviewPicture({ url, name }: { url: string; name: string }) {
  const src = useImageUrl(url);
  return <div className={styles.picture}>{src && <img src={src} alt={`Portrait of ${name}`} width={240} height={360} />}</div>;
}
