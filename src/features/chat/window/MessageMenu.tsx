import { GitBranch, MoreHorizontal, Pencil, Pin, Scissors, Trash2 } from 'lucide-react';
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
 * ⋯ on a stored message: Edit, Branch from here (never held back: it changes nothing here), Pin to
 * memory, Delete, and Delete from here (it and everything after it).
 */
export function MessageMenu({ message, last, onEdit, onDelete, onDeleteFrom, onBranch, onPin }: Props) {
  // Why the message cannot be changed right now (a reply is on its way, the branch is not saved yet); undefined when it can.
  const copy = isBranchCopy(message);
  const disabled = useContext(ChangeDisabled) ?? (copy ? BRANCH_NOT_SAVED : undefined);
  const menu = useMenu();
  const menuId = useId();
  // Near the bottom of the screen the menu opens upwards, so it is not cut off under the composer.
  const [upwards, setUpwards] = useState(false);
  const act =
    (action: (message: LocalMessage) => void, always = false) =>
    () => {
      if (disabled && !always) return;
      menu.close(false);
      action(message);
    };
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
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              aria-disabled={disabled !== undefined}
              title={disabled}
              onClick={act(onEdit)}
            >
              <Pencil size={16} aria-hidden="true" /> Edit
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              aria-disabled={copy}
              title={copy ? BRANCH_NOT_SAVED : undefined}
              onClick={act(onBranch, !copy)}
            >
              <GitBranch size={16} aria-hidden="true" /> Branch from here
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              aria-disabled={copy}
              title={copy ? BRANCH_NOT_SAVED : undefined}
              onClick={act(onPin, !copy)}
            >
              <Pin size={16} aria-hidden="true" /> Pin to memory
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.dangerItem}
              aria-disabled={disabled !== undefined}
              title={disabled}
              onClick={act(onDelete)}
            >
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          </li>
          {!last && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className={styles.dangerItem}
                aria-disabled={disabled !== undefined}
                title={disabled}
                onClick={act(onDeleteFrom)}
              >
                <Scissors size={16} aria-hidden="true" /> Delete from here
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
