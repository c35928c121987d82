import { X } from 'lucide-react';
import type { CharacterView } from '../chatCharacter';
import { cardPortraitUrl } from '../chatCharacter';
import { useAvatarSrc } from '../history/useAvatarSrc';
import type { ChatTarget } from '../useChatSelection';
import styles from './CharacterPanel.module.css';
import { CardDownloads } from '../../cardFiles/CardDownloads';
import { AddToGroupButton } from '../../groups/AddToGroupButton';
import { EditCharacterLink } from './EditCharacterLink';
import { FavoriteButton } from './FavoriteButton';
import { GeneratePhotoButton } from './GeneratePhotoButton';
import { TagList } from '../../../ui/TagList';

/** Tags shown before 'more': 3 in chat (docs/PRODUCT.md, Limits). */
const TAGS_SHOWN = 3;

interface Props {
  character: CharacterView | null;
  target: ChatTarget | null;
  onClose: () => void;
}

/** The right panel: the chat's character (portrait, name, tags, favorite, add to a group), or Generate Photo without a card. */
export function CharacterPanel({ character, target, onClose }: Props) {
  // Without a card, the chat's own avatar: a generated portrait (kept on the server and in Dexie).
  const url = character?.id ? cardPortraitUrl(character) : (target?.seed.avatar_url ?? null);
  const src = useAvatarSrc(url, character?.cardType ?? 'public');
  const tags = character?.tags ?? [];

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
              <TagList
                tags={tags}
                max={TAGS_SHOWN}
                toggle={{ more: (hidden) => `+${hidden} more`, less: 'Show less', className: styles.more }}
                className={styles.tags}
                tagClassName={styles.tag}
              />
            </div>
          )}
          {character.id ? (
            <>
              <FavoriteButton character={character} id={character.id} />
              <EditCharacterLink fileId={character.id} cardType={character.cardType} />
              {!target.row?.members && <AddToGroupButton character={{ id: character.id, name: character.name }} className={styles.edit} />}
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
