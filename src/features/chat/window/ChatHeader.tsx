import { ArrowLeft, Clock, GitBranch, MessageSquarePlus, PanelLeft, PanelRight, type LucideIcon } from 'lucide-react';
import type { LocalChat } from '../../../db/db';
import { ChatMenu } from '../archive/ChatMenu';
import { ImportChatsButton } from '../archive/ImportChatsButton';
import { ChatAvatar } from '../history/ChatAvatar';
import { ChatModel } from '../../aiSettings/ChatModel';
import type { ChatTarget } from '../useChatSelection';
import tool from './HeaderTool.module.css';
import styles from './ChatWindow.module.css';

interface Props {
  target: ChatTarget | null;
  name: string | null;
  historyOpen: boolean;
  onToggleHistory: () => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** Null when there is no card to start a new chat with. */
  onNewChat: (() => void) | null;
  onImported: (chatIds: string[]) => void;
  onDeleted: () => void;
  menuChat: LocalChat | null;
  /** Opens a branch's original. */
  onOpenOrigin: (chatId: string) => void;
  /** On a phone, where the chat has the screen: back to the list, in place of the list's toggle. */
  onBack?: (() => void) | undefined;
}

/** Shows or hides one of the page's side panels; its label says which way it will go. */
function PanelToggle({
  icon: Icon,
  open,
  onToggle,
  controls,
  what,
}: {
  icon: LucideIcon;
  open: boolean;
  onToggle: () => void;
  controls: string;
  what: string;
}) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`${open ? 'Hide' : 'Show'} ${what}`}
    >
      <Icon size={20} aria-hidden="true" />
    </button>
  );
}

/** A branch's way back: a link to its original while that exists, else only its name. */
function BranchOrigin({ chat, onOpen }: { chat: LocalChat; onOpen: (chatId: string) => void }) {
  const name = chat.branch_of_name;
  if (!name) return null;
  const origin = chat.branch_of;
  const label = (
    <>
      <GitBranch size={12} aria-hidden="true" />
      Branch of <bdi>{name}</bdi>
    </>
  );
  return origin ? (
    <a
      className={styles.branchOf}
      href={`/recent-chat?chat=${encodeURIComponent(origin)}`}
      onClick={(event) => {
        event.preventDefault();
        onOpen(origin);
      }}
    >
      {label}
    </a>
  ) : (
    <span className={styles.branchOf}>{label}</span>
  );
}

/** The chat window's bar: who the chat is with, the static timer, New chat, Import, the chat menu and the panel toggles. */
export function ChatHeader({
  target,
  name,
  historyOpen,
  onToggleHistory,
  panelOpen,
  onTogglePanel,
  onNewChat,
  onImported,
  onDeleted,
  menuChat,
  onOpenOrigin,
  onBack,
}: Props) {
  return (
    <header className={styles.header} data-compact={onBack ? true : undefined}>
      {onBack ? (
        <button type="button" className={styles.iconButton} onClick={onBack} aria-label="Back to chats" title="Back to chats">
          <ArrowLeft size={20} aria-hidden="true" />
        </button>
      ) : (
        <PanelToggle icon={PanelLeft} open={historyOpen} onToggle={onToggleHistory} controls="chat-history" what="chat history" />
      )}
      <div className={styles.who}>
        {target && (
          <span className={styles.avatar}>
            <ChatAvatar chat={target.row?.members ? { ...target.seed, members: target.row.members } : target.seed} size={36} />
          </span>
        )}
        <div className={styles.titles}>
          <h2 className={styles.title}>
            <bdi>{menuChat?.title ?? name ?? 'Chat'}</bdi>
          </h2>
          <span className={styles.subline}>
            {/* A fixed placeholder kept from the original app: it never counts. */}
            <span className={styles.timer}>
              <Clock size={12} aria-hidden="true" />
              09 Min 37 Sec
            </span>
            {menuChat && <BranchOrigin chat={menuChat} onOpen={onOpenOrigin} />}
            {menuChat && !menuChat.localOnly && <ChatModel chatId={menuChat.chat_id} className={styles.model} />}
          </span>
        </div>
      </div>
      <div className={styles.tools}>
        {onNewChat && (
          <button type="button" className={tool.tool} onClick={onNewChat} aria-label="New chat">
            <MessageSquarePlus size={16} aria-hidden="true" />
            <span className={tool.label}>New chat</span>
          </button>
        )}
        <ImportChatsButton onImported={onImported} />
        <ChatMenu chat={menuChat} onDeleted={onDeleted} />
      </div>
      <PanelToggle icon={PanelRight} open={panelOpen} onToggle={onTogglePanel} controls="character-panel" what="character panel" />
    </header>
  );
}
