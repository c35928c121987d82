import { useState } from 'react';
import type { LocalChat } from '../../../db/db';
import styles from './ChatAvatar.module.css';
import { GroupPicture } from './GroupPicture';
import { useAvatarSrc } from './useAvatarSrc';

type AvatarChat = Pick<LocalChat, 'avatar_url' | 'card_type' | 'character_name'> & Pick<Partial<LocalChat>, 'members'>;

type Props = { chat: AvatarChat; size?: number; src?: string | null };

/** A chat's picture: a group's made from its members' portraits, else the character's. */
export function ChatAvatar({ chat, size = 40, src }: Props) {
  return chat.members?.length ? <GroupPicture members={chat.members} size={size} /> : <CharacterAvatar chat={chat} size={size} src={src} />;
}

/**
 * The character's thumbnail, round; its initial on a tinted disc while none can be shown. Decorative:
 * the name is beside it. `src`: already resolved (useAvatarSrc) by a caller drawing it many times.
 */
function CharacterAvatar({ chat, size = 40, src: resolved }: Props) {
  const own = useAvatarSrc(resolved === undefined ? chat.avatar_url : null, chat.card_type);
  const src = resolved === undefined ? own : resolved;
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <span className={styles.initial} style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
        {chat.character_name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return <img className={styles.avatar} src={src} alt="" width={size} height={size} decoding="async" onError={() => setBroken(src)} />;
}
