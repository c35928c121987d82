import { Image } from 'lucide-react';
import { useState } from 'react';
import styles from './StyledText.module.css';

/** The site a picture would come from, to say so before it is loaded. */
function hostOf(src: string): string {
  try {
    return new URL(src).host;
  } catch {
    return src;
  }
}

/**
 * A picture a message names. Nothing is fetched until the reader asks (a message must not make the
 * browser call another site on its own: that would tell it who read the message and when); then it
 * loads without a referrer. Only https pictures can be shown (the page's security policy); others
 * stay a link.
 */
export function RemoteImage({ src, alt }: { src: string; alt: string }) {
  const [shown, setShown] = useState(false);
  if (!/^https:/i.test(src)) {
    return (
      <a href={src} className={styles.link} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    );
  }
  if (shown) return <img className={styles.image} src={src} alt={alt} referrerPolicy="no-referrer" />;
  return (
    <button type="button" className={styles.imageButton} onClick={() => setShown(true)}>
      <Image size={14} aria-hidden="true" />
      <span>
        Show image{alt ? `: ${alt}` : ''} <span className={styles.host}>({hostOf(src)})</span>
      </span>
    </button>
  );
}
