import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { MAX_GROUP_MEMBERS } from '@core/contract/constants';
import { groupChats } from '../../db/groupCandidates';
import type { LocalChat } from '../../db/db';
import { addMember } from '../../sync/groups';
import dialogStyles from '../../ui/dialog.module.css';
import { ChatAvatar } from '../chat/history/ChatAvatar';
import { Modal } from '../replace/Modal';
import { failureText, FormEnd } from './FormEnd';
import styles from './groups.module.css';

export const ADD_TO_GROUP_FAILED = 'Failed to add the character to the group. Please try again.';
const NEW_GROUP = 'new';

interface Props {
  /** The character to add; null when closed. */
  character: { id: string; name: string } | null;
  onClose: () => void;
  /** Opens the group the character joined. */
  onAdded: (chatId: string) => void;
  /** A new group with the character: the New group chat dialog takes over. */
  onNewGroup: () => void;
}

/** Why a group cannot take the character, or null when it can. */
export function closedBecause(chat: LocalChat, characterId: string): string | null {
  const members = chat.members ?? [];
  if (members.some((member) => member.character_id === characterId)) return 'already in it';
  return members.length >= MAX_GROUP_MEMBERS ? 'full' : null;
}

/** 'Add to a group' from a character's page: one of the person's group chats, or a new group with it. */
export function AddToGroupDialog({ character, onClose, onAdded, onNewGroup }: Props) {
  const titleId = useId();
  return (
    <Modal open={character !== null} titleId={titleId} onClose={onClose}>
      {character && <AddToGroupForm titleId={titleId} character={character} onClose={onClose} onAdded={onAdded} onNewGroup={onNewGroup} />}
    </Modal>
  );
}

function AddToGroupForm({
  titleId,
  character,
  onClose,
  onAdded,
  onNewGroup,
}: { titleId: string; character: { id: string; name: string } } & Omit<Props, 'character'>) {
  const groups = useLiveQuery(groupChats, []);
  const [choice, setChoice] = useState(NEW_GROUP);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (choice === NEW_GROUP) return onNewGroup();
    setSaving(true);
    setError(null);
    addMember(choice, character.id)
      .then(
        () => onAdded(choice),
        (failure: unknown) => {
          setError(failureText('Adding to the group failed', failure, ADD_TO_GROUP_FAILED));
        },
      )
      .finally(() => setSaving(false));
  };

  return (
    <form className={styles.form} onSubmit={add}>
      <h2 id={titleId} className={dialogStyles.title}>
        Add to a group
      </h2>
      <fieldset className={styles.candidates}>
        <legend>
          Where <bdi>{character.name}</bdi> joins
        </legend>
        <label className={styles.candidate}>
          <input type="radio" name="group" checked={choice === NEW_GROUP} onChange={() => setChoice(NEW_GROUP)} />
          <span>
            A new group with <bdi>{character.name}</bdi>
          </span>
        </label>
        {groups?.map((group) => {
          const closed = closedBecause(group, character.id);
          return (
            <label key={group.chat_id} className={styles.candidate}>
              <input
                type="radio"
                name="group"
                checked={choice === group.chat_id}
                disabled={closed !== null}
                onChange={() => setChoice(group.chat_id)}
              />
              <ChatAvatar chat={group} size={28} />
              <bdi>{group.title ?? group.character_name}</bdi>
              {closed && <span className={styles.mutedNote}>({closed})</span>}
            </label>
          );
        })}
      </fieldset>
      {groups?.length === 0 && <p className={styles.hint}>You have no group chats yet: make one with this character.</p>}
      <FormEnd error={error} onCancel={onClose} submit={choice === NEW_GROUP ? 'Next' : saving ? 'Adding...' : 'Add'} disabled={saving} />
    </form>
  );
}
