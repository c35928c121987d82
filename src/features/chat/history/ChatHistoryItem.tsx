import { useMemo } from 'react';
import { parseMessage, plainText } from '@core/chat/markdown/index';
import type { LocalChat } from '../../../db/db';
import { ChatAvatar } from './ChatAvatar';
import styles from './ChatHistoryPanel.module.css';
import { formatChatTime, fullChatTime } from './chatTime';

interface Props {
  chat: LocalChat;
  selected: boolean;
  onSelect: (chat: LocalChat) => void;
}

/** The first line of a message's start as plain words (it may be cut anywhere: read as a reply still arriving). */
export function previewLine(start: string | null | undefined): string {
  if (!start) return '';
  const text = plainText(parseMessage(start, { partial: true }));
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/**
 * One chat of the recent list: avatar, its title (the character's name unless the person named it),
 * when its last message came, that message's first line, then 'Messages: N' and, for a named chat,
 * the character; a branch says which chat it came from. Chats with one character are told apart at a glance. A chat made here that the
 * server has stored nothing of yet says 'New chat'.
 */
export function ChatHistoryItem({ chat, selected, onSelect }: Props) {
  const isNew = chat.localOnly === true && chat.message_count === 0;
  const preview = useMemo(() => previewLine(chat.last_message), [chat.last_message]);
  const time = chat.last_message_time || chat.modified;
  return (
    <li>
      <button type="button" className={styles.item} aria-current={selected ? 'true' : undefined} onClick={() => onSelect(chat)}>
        <ChatAvatar chat={chat} size={40} />
        <span className={styles.itemText}>
          <span className={styles.itemTop}>
            <bdi className={styles.itemName}>{chat.title ?? chat.character_name}</bdi>
            {time && (
              <time dateTime={time} title={fullChatTime(time)}>
                {formatChatTime(time)}
              </time>
            )}
          </span>
          {preview && <span className={styles.preview}>{preview}</span>}
          {chat.branch_of_name && (
            <span className={styles.branchOf}>
              Branch of <bdi>{chat.branch_of_name}</bdi>
            </span>
          )}
          <span className={styles.itemMeta}>
            <span>{isNew ? 'New chat' : `Messages: ${chat.message_count}`}</span>
            {chat.title && <bdi className={styles.character}>{chat.character_name}</bdi>}
          </span>
        </span>
      </button>
    </li>
  );
}
