import type { LocalChat } from '../../../db/db';
import { ChatAvatar } from './ChatAvatar';
import styles from './ChatHistoryPanel.module.css';
import { formatChatTime, fullChatTime } from './chatTime';

interface Props {
  chat: LocalChat;
  selected: boolean;
  onSelect: (chat: LocalChat) => void;
}

/**
 * One chat of the recent list: avatar, character name, 'Messages: N' and when it last changed; a
 * chat made here that the server has stored nothing of yet says 'New chat' instead.
 */
export function ChatHistoryItem({ chat, selected, onSelect }: Props) {
  const isNew = chat.localOnly === true && chat.message_count === 0;
  return (
    <li>
      <button type="button" className={styles.item} aria-current={selected ? 'true' : undefined} onClick={() => onSelect(chat)}>
        <ChatAvatar chat={chat} size={40} />
        <span className={styles.itemText}>
          <span className={styles.itemName}>{chat.character_name}</span>
          <span className={styles.itemMeta}>
            <span>{isNew ? 'New chat' : `Messages: ${chat.message_count}`}</span>
            {chat.modified && (
              <time dateTime={chat.modified} title={fullChatTime(chat.modified)}>
                {formatChatTime(chat.modified)}
              </time>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}
