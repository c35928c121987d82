import { useEffect, useState } from 'react';
import type { LocalPersona } from '../../db/db';
import styles from './Personas.module.css';

/** An object URL for bytes kept in Dexie, revoked when they change or the avatar goes. */
export function useObjectUrl(avatar: LocalPersona['avatar']): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!avatar) return setUrl(null);
    const next = URL.createObjectURL(new Blob([avatar.bytes], { type: avatar.type }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [avatar]);
  return url;
}

/** The first letter of a name, as a person reads it (a whole emoji or accented letter, not half of one). */
export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

interface Props {
  name: string;
  avatar?: LocalPersona['avatar'];
  size?: number;
}

/**
 * A persona's round picture, from the bytes the device keeps (so it shows offline too); without
 * one, the name's first letter. Decorative: the name is always written beside it.
 */
export function PersonaAvatar({ name, avatar, size = 32, url: resolved }: Props & { url?: string | null }) {
  const own = useObjectUrl(resolved === undefined ? avatar : undefined);
  const url = resolved ?? own;
  const box = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  return url ? (
    <img className={styles.avatar} src={url} alt="" width={size} height={size} style={box} />
  ) : (
    // Drawn by CSS from the attribute, not as text: a button holding it keeps its visible text (the
    // name beside it) inside its accessible name.
    <span className={styles.initial} style={box} data-initial={initialOf(name)} aria-hidden="true" />
  );
}
