import { X } from 'lucide-react';
import { useState } from 'react';
import type { CharacterView } from '../chatCharacter';
import { cardPortraitUrl } from '../chatCharacter';
import { useAvatarSrc } from '../history/useAvatarSrc';
import type { ChatTarget } from '../useChatSelection';
import styles from './CharacterPanel.module.css';
import { CardDownloads } from '../../cardFiles/CardDownloads';
import { EditCharacterLink } from './EditCharacterLink';
import { FavoriteButton } from './FavoriteButton';
import { GeneratePhotoButton } from './GeneratePhotoButton';

/** Tags shown before 'more' (spec §9: 3 in chat). */
const TAGS_SHOWN = 3;

interface Props {
  character: CharacterView | null;
  target: ChatTarget | null;
  onClose: () => void;
}

/** The right panel: the chat's character (portrait, name, tags, favorite), or Generate Photo without a card. */
export function CharacterPanel({ character, target, onClose }: Props) {
  const [expanded, setExpanded] = useState(false);
  // Without a card, the chat's own avatar: a generated portrait (kept on the server and in Dexie).
  const url = character?.id ? cardPortraitUrl(character) : (target?.seed.avatar_url ?? null);
  const src = useAvatarSrc(url, character?.cardType ?? 'public');
  const tags = character?.tags ?? [];
  const shown = expanded ? tags : tags.slice(0, TAGS_SHOWN);

  return (
    <aside id="character-panel" className={styles.panel} aria-label="Character">
      <button type="button" className={styles.close} onClick={onClose} aria-label="Hide character panel">
        <X size={18} aria-hidden="true" />
      </button>
      {!character || !target ? (
        <p className={styles.hint}>Select a chat to see its character.</p>
      ) : (
        <>
          {src && <img className={styles.portrait} src={src} alt={`Portrait of ${character.name}`} width={240} height={360} />}
          <h2 className={styles.name}>{character.name}</h2>
          {tags.length > 0 && (
            <div className={styles.tagRow}>
              <ul className={styles.tags} aria-label="Tags">
                {shown.map((tag, i) => (
                  <li key={`${tag}-${i}`} className={styles.tag}>
                    {tag}
                  </li>
                ))}
              </ul>
              {tags.length > TAGS_SHOWN && (
                <button type="button" className={styles.more} onClick={() => setExpanded((open) => !open)} aria-expanded={expanded}>
                  {expanded ? 'Show less' : `+${tags.length - TAGS_SHOWN} more`}
                </button>
              )}
            </div>
          )}
          {character.id ? (
            <>
              <FavoriteButton character={character} id={character.id} />
              <EditCharacterLink fileId={character.id} cardType={character.cardType} />
              <CardDownloads card={{ fileId: character.id, name: character.name, isPublic: character.cardType === 'public' }} />
            </>
          ) : (
            <GeneratePhotoButton chatId={target.chatId} stored={!target.localOnly} />
          )}
        </>
      )}
    </aside>
  );
}
