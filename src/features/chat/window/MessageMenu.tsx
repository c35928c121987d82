import { GitBranch, MoreHorizontal, Pencil, Pin, Scissors, Trash2, type LucideIcon } from 'lucide-react';
import { useContext, useId, useState } from 'react';
import { BRANCH_NOT_SAVED, isBranchCopy } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import menuStyles from '../../../ui/menu.module.css';
import { useMenu } from '../archive/useMenu';
import styles from './MessageEdit.module.css';
import { ChangeDisabled } from './replyOffers';

export interface MessageMenuActions {
  onEdit: (message: LocalMessage) => void;
  onDelete: (message: LocalMessage) => void;
  onDeleteFrom: (message: LocalMessage) => void;
  /** A new chat with the history up to and including the message, opened at once. */
  onBranch: (message: LocalMessage) => void;
  /** Pins the message's text as a memory of the chat (always in its prompt). */
  onPin: (message: LocalMessage) => void;
}

interface Props extends MessageMenuActions {
  message: LocalMessage;
  /** The chat's last message: "Delete from here" would delete just it, so it is not offered. */
  last: boolean;
}

/**
 * ⋯ on a stored message: Edit, Branch from here and Pin to memory (never held back by a reply on its
 * way: they change nothing in this chat's history), Delete, and Delete from here (it and everything after it).
 */
export function MessageMenu({ message, last, onEdit, onDelete, onDeleteFrom, onBranch, onPin }: Props) {
  // Why the message cannot be changed right now (a reply is on its way, the branch is not saved yet); undefined when it can.
  const copy = isBranchCopy(message);
  const disabled = useContext(ChangeDisabled) ?? (copy ? BRANCH_NOT_SAVED : undefined);
  const menu = useMenu();
  const menuId = useId();
  // Near the bottom of the screen the menu opens upwards, so it is not cut off under the composer.
  const [upwards, setUpwards] = useState(false);
  // A branch's copies wait for the server's rows: nothing can name them before.
  const unsaved = copy ? BRANCH_NOT_SAVED : undefined;
  // Each item and why it is held back now (undefined: it can be used).
  const items: { label: string; icon: LucideIcon; action: (message: LocalMessage) => void; heldBack: string | undefined; danger?: true }[] =
    [
      { label: 'Edit', icon: Pencil, action: onEdit, heldBack: disabled },
      { label: 'Branch from here', icon: GitBranch, action: onBranch, heldBack: unsaved },
      { label: 'Pin to memory', icon: Pin, action: onPin, heldBack: unsaved },
      { label: 'Delete', icon: Trash2, action: onDelete, heldBack: disabled, danger: true },
      ...(last ? [] : [{ label: 'Delete from here', icon: Scissors, action: onDeleteFrom, heldBack: disabled, danger: true as const }]),
    ];
  const toggle = () => {
    const rect = menu.triggerRef.current?.getBoundingClientRect();
    setUpwards(rect !== undefined && rect.top > window.innerHeight / 2);
    menu.setOpen((open) => !open);
  };
  return (
    <div className={`${menuStyles.root} ${styles.menuRoot}`} ref={menu.rootRef}>
      <button
        ref={menu.triggerRef}
        type="button"
        className={styles.menuTrigger}
        aria-label={`Actions for ${message.name}'s message`}
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menuId : undefined}
        onClick={toggle}
      >
        <MoreHorizontal size={16} aria-hidden="true" />
      </button>
      {menu.open && (
        <ul
          className={`${menuStyles.menu} ${message.role === 'user' ? styles.menuEnd : styles.menuStart} ${upwards ? styles.menuUp : ''}`}
          role="menu"
          id={menuId}
          aria-label="Message actions"
          ref={menu.menuRef}
          onKeyDown={menu.onMenuKeyDown}
        >
          {items.map(({ label, icon: Icon, action, heldBack, danger }) => (
            <li role="none" key={label}>
              <button
                type="button"
                role="menuitem"
                className={danger ? styles.dangerItem : styles.item}
                aria-disabled={heldBack !== undefined}
                title={heldBack}
                onClick={() => {
                  if (heldBack !== undefined) return;
                  menu.close(false);
                  action(message);
                }}
              >
                <Icon size={16} aria-hidden="true" /> {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
