import { useId, useState, type FormEvent } from 'react';
import { MAX_CHAT_TITLE_CHARS } from '@core/contract/constants';
import type { LocalChat } from '../../../db/db';
import { renameChat } from '../../../sync/chatList';
import buttonStyles from '../../../ui/buttons.module.css';
import dialogStyles from '../../../ui/dialog.module.css';
import { OnlineButton } from '../../../ui/OnlineButton';
import { Modal } from '../../replace/Modal';
import styles from './ChatArchive.module.css';

export const RENAME_FAILED = 'Failed to rename the chat. Please try again.';

interface Props {
  /** The chat being renamed; null when closed. */
  chat: LocalChat | null;
  onClose: () => void;
}

/** Names a chat (a blank name goes back to the character's), so chats with one character can be told apart. */
export function RenameChatDialog({ chat, onClose }: Props) {
  const titleId = useId();
  return (
    <Modal open={chat !== null} titleId={titleId} onClose={onClose}>
      {chat && <RenameForm key={chat.chat_id} chat={chat} titleId={titleId} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ chat, titleId, onClose }: { chat: LocalChat; titleId: string; onClose: () => void }) {
  const [title, setTitle] = useState(chat.title ?? chat.character_name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    // The character's name typed back is no name of its own: the chat follows the card's name again.
    const named = title.trim() === chat.character_name ? null : title;
    renameChat(chat.chat_id, named)
      .then(onClose, (failure: unknown) => {
        console.error('Renaming the chat failed', failure);
        setError(RENAME_FAILED);
      })
      .finally(() => setSaving(false));
  };

  return (
    <form className={styles.renameForm} onSubmit={save}>
      <h2 id={titleId} className={dialogStyles.title}>
        Rename chat
      </h2>
      <label className={styles.field}>
        <span>Name</span>
        <input
          type="text"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={MAX_CHAT_TITLE_CHARS}
          aria-describedby={hintId}
          autoFocus
        />
      </label>
      <p id={hintId} className={styles.hint}>
        Leave it empty to show <bdi>{chat.character_name}</bdi> again.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={dialogStyles.buttons}>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Cancel
        </button>
        <OnlineButton type="submit" className={buttonStyles.primary} disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </OnlineButton>
      </div>
    </form>
  );
}
