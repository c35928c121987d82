import { Link, useLocation } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { ChevronDown, MessageSquare } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { profileOf } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { recentChats } from '../../db/chatList';
import { pullChatList } from '../../sync/chatList';
import { ChatAvatar } from '../chat/history/ChatAvatar';
import styles from './ChatHistoryWidget.module.css';

/** How many chats the widget offers: the newest page of the recent list. */
const WIDGET_CHATS = 5;
const COLLAPSED_KEY = 'chatHistoryWidgetCollapsed';

/**
 * The shell's chat-history widget: one line under the top bar, in the page's flow rather
 * than floating, so it can never cover a page's buttons, the composer or a card's actions, on a phone
 * either. It lists the newest chats from Dexie as chips that open the chat in one click; the toggle
 * folds them away (remembered on this device). Not on /recent-chat, which has the full list, and not
 * shown to signed-out visitors or before there is a chat.
 */
export function ChatHistoryWidget() {
  const session = useSession();
  const { pathname } = useLocation();
  const listId = useId();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const signedIn = profileOf(session) !== null;
  const chats = useLiveQuery(() => (signedIn ? recentChats({ limit: WIDGET_CHATS }) : []), [signedIn]);

  // Pulled once per sign-in; /recent-chat and each reply keep Dexie current after that.
  const confirmed = session.status === 'signedIn';
  useEffect(() => {
    if (confirmed) pullChatList().catch((error: unknown) => console.error('Failed to fetch chat records', error));
  }, [confirmed]);

  if (!signedIn || pathname === '/recent-chat' || !chats || chats.length === 0) return null;

  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };

  return (
    <nav className={styles.widget} aria-label="Chat history" data-collapsed={collapsed}>
      <button type="button" className={styles.toggle} onClick={toggle} aria-expanded={!collapsed} aria-controls={listId}>
        <MessageSquare size={16} aria-hidden="true" />
        <span>Recent chats</span>
        <ChevronDown size={16} aria-hidden="true" className={collapsed ? styles.folded : undefined} />
      </button>
      <ul id={listId} className={styles.chips} hidden={collapsed}>
        {chats.map((chat) => (
          <li key={chat.chat_id}>
            {/* The chat page opens the chat its `chat` search parameter names. */}
            <Link
              className={styles.chip}
              to="/recent-chat"
              search={{ chat: chat.chat_id }}
              title={`Continue chatting with ${chat.character_name}`}
            >
              <ChatAvatar chat={chat} size={28} />
              <span className={styles.name}>{chat.character_name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
