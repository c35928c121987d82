import { useState } from 'react';
import type { GroupMember } from '@core/contract';
import styles from './ChatAvatar.module.css';
import { useAvatarSrc } from './useAvatarSrc';

/** How many members' portraits a group's picture shows. */
const TILES = 4;

/**
 * A group's picture: its first members' thumbnails in one round frame, side by side for two, one
 * half and two quarters for three, a 2×2 mosaic for four or more. A member shown without a portrait
 * (none, or its card deleted) gets its initial. Decorative: the group's name is beside it.
 */
export function GroupPicture({ members, size }: { members: readonly GroupMember[]; size: number }) {
  const shown = members.slice(0, TILES);
  return (
    <span
      className={styles.mosaic}
      data-tiles={shown.length}
      style={{ width: size, height: size, fontSize: size * 0.24 }}
      aria-hidden="true"
    >
      {shown.map((member) => (
        <Tile key={member.id} member={member} />
      ))}
    </span>
  );
}

function Tile({ member }: { member: GroupMember }) {
  const src = useAvatarSrc(member.avatar_url, member.card_type);
  const [broken, setBroken] = useState<string | null>(null);
  return src && broken !== src ? (
    <img className={styles.tile} src={src} alt="" decoding="async" onError={() => setBroken(src)} />
  ) : (
    <span className={styles.tileInitial}>{member.name.trim().charAt(0).toUpperCase() || '?'}</span>
  );
}
