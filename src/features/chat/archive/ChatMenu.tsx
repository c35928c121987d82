import { Brain, Download, FileText, MoreVertical, Pencil, ScrollText, SlidersHorizontal, Trash2 } from 'lucide-react';
import type { ChatExportFormat } from '@core/contract';
import { useId, useState } from 'react';
import { EXPORT_FAILED } from '../../../api/chatList';
import type { LocalChat } from '../../../db/db';
import { removeChat } from '../../../sync/chatList';
import { Spinner } from '../../../ui/Spinner';
import dialogStyles from '../../../ui/dialog.module.css';
import menuStyles from '../../../ui/menu.module.css';
import styles from './ChatArchive.module.css';
import { DeleteChatDialog } from './DeleteChatDialog';
import { exportChatArchive } from './exportChatArchive';
import { NoticeDialog } from './NoticeDialog';
import { RenameChatDialog } from './RenameChatDialog';
import { useMenu } from './useMenu';
import { OnlineButton } from '../../../ui/OnlineButton';
import { ChatAiSettingsDialog } from '../../aiSettings/ChatAiSettingsDialog';
import { MemoryDialog } from '../memory/MemoryDialog';
import { PromptDialog } from '../memory/PromptDialog';

export const DELETE_FAILED = 'Failed to delete chat. Please try again.';

type Failure = { title: 'Export Failed' | 'Delete Failed'; message: string };

interface Props {
  /** The open chat; null when none is selected, which disables both actions. */
  chat: LocalChat | null;
  onDeleted: () => void;
}

/** The exports the menu offers: the .zip (chat and card), SillyTavern's file alone, and a transcript to read. */
const EXPORTS: { format: ChatExportFormat; label: string; icon: typeof Download }[] = [
  { format: 'zip', label: 'Export chat', icon: Download },
  { format: 'jsonl', label: 'Export as .jsonl', icon: Download },
  { format: 'txt', label: 'Export as text', icon: FileText },
];

/** What the AI sees and remembers (the last prompt, the pinned memories), and how it writes (its settings). */
const VIEWS = [
  { label: 'Prompt', icon: ScrollText, open: 'prompt' },
  { label: 'Memory', icon: Brain, open: 'memory' },
  { label: 'AI settings', icon: SlidersHorizontal, open: 'settings' },
] as const;

/** The chat window's header menu: the exports (downloads), 'Rename chat', 'Prompt' (what the AI was last sent), 'Memory' (pinned memories), 'AI settings' and 'Delete chat' (after a confirmation). */
export function ChatMenu({ chat, onDeleted }: Props) {
  const menu = useMenu();
  const menuId = useId();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<LocalChat | null>(null);
  const [renaming, setRenaming] = useState<LocalChat | null>(null);
  const [tuning, setTuning] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [promptOf, setPromptOf] = useState<string | null>(null);
  const [memoryOf, setMemoryOf] = useState<string | null>(null);

  // Both need a chat and cardchat (OnlineButton); the reason is shown on the item while it cannot be used.
  const noChat = chat ? undefined : 'Select a chat first';

  const exportChat = (format: ChatExportFormat) => {
    if (!chat || exporting) return;
    menu.close(true);
    setExporting(true);
    exportChatArchive(chat, format)
      .catch((error: unknown) => {
        console.error('Chat export failed', error);
        setFailure({ title: 'Export Failed', message: EXPORT_FAILED });
      })
      .finally(() => setExporting(false));
  };

  const askName = () => {
    if (!chat) return;
    menu.close(false);
    setRenaming(chat);
  };

  const show = (open: (chatId: string) => void) => () => {
    if (!chat || chat.localOnly) return;
    menu.close(false);
    open(chat.chat_id);
  };

  const askDelete = () => {
    if (!chat) return;
    menu.close(false);
    setConfirming(chat);
  };

  const confirmDelete = () => {
    if (!confirming) return;
    setDeleting(true);
    removeChat(confirming.chat_id)
      .then(
        () => {
          setConfirming(null);
          onDeleted();
        },
        (error: unknown) => {
          console.error('Chat delete failed', error);
          setConfirming(null);
          setFailure({ title: 'Delete Failed', message: DELETE_FAILED });
        },
      )
      .finally(() => setDeleting(false));
  };

  return (
    <div className={menuStyles.root} ref={menu.rootRef}>
      <button
        ref={menu.triggerRef}
        type="button"
        className={styles.menuTrigger}
        aria-label="Chat actions"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menuId : undefined}
        aria-busy={exporting}
        onClick={() => menu.setOpen((value) => !value)}
      >
        {exporting ? <Spinner size={18} /> : <MoreVertical size={20} aria-hidden="true" />}
      </button>
      {menu.open && (
        <ul className={menuStyles.menu} role="menu" id={menuId} aria-label="Chat actions" ref={menu.menuRef} onKeyDown={menu.onMenuKeyDown}>
          {EXPORTS.map(({ format, label, icon: Icon }) => (
            <li role="none" key={format}>
              <OnlineButton
                type="button"
                role="menuitem"
                className={styles.item}
                focusable
                disabled={noChat !== undefined || exporting}
                title={noChat}
                onClick={() => exportChat(format)}
              >
                <Icon size={16} aria-hidden="true" /> {label}
              </OnlineButton>
            </li>
          ))}
          <li role="none">
            <OnlineButton
              type="button"
              role="menuitem"
              className={styles.item}
              focusable
              disabled={noChat !== undefined || chat?.localOnly === true}
              title={noChat ?? (chat?.localOnly ? 'Send a message first' : undefined)}
              onClick={askName}
            >
              <Pencil size={16} aria-hidden="true" /> Rename chat
            </OnlineButton>
          </li>
          {/* Offline too: the device keeps the last prompt it saw, and memory and settings changes wait in the outbox. A chat the server does not have yet has none of them. */}
          {VIEWS.map(({ label, icon: Icon, open }) => (
            <li role="none" key={label}>
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                aria-disabled={noChat !== undefined || chat?.localOnly === true}
                title={noChat ?? (chat?.localOnly ? 'Send a message first' : undefined)}
                onClick={show({ prompt: setPromptOf, memory: setMemoryOf, settings: setTuning }[open])}
              >
                <Icon size={16} aria-hidden="true" /> {label}
              </button>
            </li>
          ))}
          <li role="none">
            <OnlineButton
              type="button"
              role="menuitem"
              className={styles.dangerItem}
              focusable
              disabled={noChat !== undefined}
              title={noChat}
              onClick={askDelete}
            >
              <Trash2 size={16} aria-hidden="true" /> Delete chat
            </OnlineButton>
          </li>
        </ul>
      )}
      <PromptDialog chatId={promptOf} onClose={() => setPromptOf(null)} />
      <MemoryDialog chatId={memoryOf} onClose={() => setMemoryOf(null)} />
      <RenameChatDialog chat={renaming} onClose={() => setRenaming(null)} />
      <ChatAiSettingsDialog chatId={tuning} onClose={() => setTuning(null)} />
      <DeleteChatDialog chat={confirming} deleting={deleting} onConfirm={confirmDelete} onCancel={() => setConfirming(null)} />
      <NoticeDialog title={failure?.title ?? null} onClose={() => setFailure(null)}>
        <p className={dialogStyles.text}>{failure?.message}</p>
      </NoticeDialog>
    </div>
  );
}
