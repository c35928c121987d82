import { useState } from 'react';
import styles from './Avatar.module.css';

export const DEFAULT_AVATAR = '/default-avatar.png';

/** A round picture that falls back to the bundled default when missing or broken. */
export function Avatar({ src, alt, size = 32 }: { src: string | null | undefined; alt: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className={styles.avatar}
      src={!src || broken ? DEFAULT_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setBroken(true)}
      referrerPolicy="no-referrer"
    />
  );
}
