import { GitBranch, MoreHorizontal, Pencil, Pin, Scissors, Trash2, type LucideIcon } from 'lucide-react';
import { useContext, useId, useState, type MouseEvent, type Ref } from 'react';
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

/** Near the bottom of the screen the menu opens upwards, so it is not cut off under the composer. */
const opensUpwards = (trigger: Element) => trigger.getBoundingClientRect().top > window.innerHeight / 2;

function Trigger(props: {
  name: string;
  expanded: boolean;
  controls?: string | undefined;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={props.ref}
      type="button"
      className={styles.menuTrigger}
      aria-label={`Actions for ${props.name}'s message`}
      aria-haspopup="menu"
      aria-expanded={props.expanded}
      aria-controls={props.controls}
      onClick={props.onClick}
    >
      <MoreHorizontal size={16} aria-hidden="true" />
    </button>
  );
}

/**
 * ⋯ on a stored message. Until its first use it is the button alone: a page of rows read while
 * scrolling sets up no menu for each (few are ever opened), and the first press opens the menu.
 */
export function MessageMenu(props: Props) {
  const [opened, setOpened] = useState<{ upwards: boolean } | null>(null);
  if (opened) return <OpenMenu {...props} upwards={opened.upwards} />;
  return (
    <div className={`${menuStyles.root} ${styles.menuRoot}`}>
      <Trigger name={props.message.name} expanded={false} onClick={(event) => setOpened({ upwards: opensUpwards(event.currentTarget) })} />
    </div>
  );
}

/**
 * The menu once used: Edit, Branch from here and Pin to memory (never held back by a reply on its
 * way: they change nothing in this chat's history), Delete, and Delete from here (it and everything after it).
 */
function OpenMenu({ message, last, onEdit, onDelete, onDeleteFrom, onBranch, onPin, ...first }: Props & { upwards: boolean }) {
  // Why the message cannot be changed right now (a reply is on its way, the branch is not saved yet); undefined when it can.
  const copy = isBranchCopy(message);
  const disabled = useContext(ChangeDisabled) ?? (copy ? BRANCH_NOT_SAVED : undefined);
  // Mounted by the press that opens it.
  const menu = useMenu(true);
  const menuId = useId();
  const [upwards, setUpwards] = useState(first.upwards);
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
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    setUpwards(opensUpwards(event.currentTarget));
    menu.setOpen((open) => !open);
  };
  return (
    <div className={`${menuStyles.root} ${styles.menuRoot}`} ref={menu.rootRef}>
      <Trigger ref={menu.triggerRef} name={message.name} expanded={menu.open} controls={menu.open ? menuId : undefined} onClick={toggle} />
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
