import { Heart } from 'lucide-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { favoriteFlag } from '../../../db/favorites';
import { pullFavoriteFlag } from '../../../sync/favorites';
import { setFavorite } from '../../../sync/gallery';
import { useOnline } from '../../../lib/useOnline';
import type { CharacterView } from '../chatCharacter';
import styles from './CharacterPanel.module.css';
import { OnlineButton } from '../../../ui/OnlineButton';

export const PRIVATE_CARD_TEXT = "Private cards don't need favorites";

/** Adds the chat's public card to favorites or removes it; private cards have nothing to favorite. */
export function FavoriteButton({ character, id }: { character: CharacterView; id: string }) {
  const online = useOnline();
  // As the server last said (this device's copy until the check below answers); null when never asked.
  const favorited = useLiveQuery(() => favoriteFlag(id), [id]) ?? null;
  const [busy, setBusy] = useState(false);
  const isPrivate = character.cardType === 'user';

  useEffect(() => {
    if (isPrivate || !online) return;
    pullFavoriteFlag(id).catch((error: unknown) => console.error('Failed to check the favorite', error));
  }, [id, isPrivate, online]);

  if (isPrivate) {
    return (
      <button type="button" className={styles.favorite} disabled>
        {PRIVATE_CARD_TEXT}
      </button>
    );
  }

  const toggle = () => {
    setBusy(true);
    const want = !favorited;
    setFavorite(id, want, { name: character.name, tags: character.tags })
      .catch((error: unknown) => console.error('Failed to change the favorite', error))
      .finally(() => setBusy(false));
  };

  return (
    <OnlineButton
      type="button"
      className={styles.favorite}
      onClick={toggle}
      disabled={busy || favorited === null}
      aria-pressed={favorited === true}
    >
      <Heart size={16} aria-hidden="true" fill={favorited ? 'currentColor' : 'none'} />
      {favorited ? 'In favorites' : 'Add to favorites'}
    </OnlineButton>
  );
}
