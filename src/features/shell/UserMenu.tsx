import { useNavigate } from '@tanstack/react-router';
import { ChevronDown, LogOut, Settings, User, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { UserProfile } from '@core/contract';
import { signOut } from '../../auth/session';
import { draftCount } from '../../db/drafts';
import { waitingKinds } from '../../db/outboxCount';
import { Avatar } from '../../ui/Avatar';
import menuStyles from '../../ui/menu.module.css';
import type { Unsaved } from './LogOutDialog';
import styles from './UserMenu.module.css';

// Loaded when a log out first has to ask: Home's first load has a byte budget (bench figure 1).
const LogOutDialog = lazy(() => import('./LogOutDialog').then((module) => ({ default: module.LogOutDialog })));

/** The signed-in user's menu; '(offline)' marks a profile remembered from an earlier session. */
export function UserMenu({ profile, offline }: { profile: UserProfile; offline: boolean }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const label = profile.name || profile.email || 'Account';
  // Set while asking whether to log out with messages, changes, submissions or reports still in the outbox, or drafts not saved.
  const [unsent, setUnsent] = useState<Unsaved | null>(null);
  // Kept mounted once asked, so Cancel is the dialog's own close (focus goes back to the menu).
  const [asked, setAsked] = useState(false);
  // Counted at the click, not from a live query, so a message queued a moment ago is never missed.
  const logOut = async () => {
    const [waiting, drafts] = await Promise.all([waitingKinds(), draftCount()]);
    if (waiting.messages + waiting.changes + waiting.shares + drafts > 0) {
      setAsked(true);
      setUnsent({ ...waiting, drafts });
    } else await signOut();
  };
  // Settings is shown so people know it is coming; without an action it stays disabled.
  const items: Array<{ label: string; icon: LucideIcon; action?: () => void }> = [
    { label: 'Profile', icon: User, action: () => void navigate({ to: '/profile' }) },
    { label: 'Settings', icon: Settings },
    { label: 'Log out', icon: LogOut, action: () => void logOut() },
  ];

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={menuStyles.root} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar src={profile.picture} alt="" size={32} />
        <span className={styles.name}>{label}</span>
        {offline && <span className={styles.offline}>(offline)</span>}
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open && (
        <div className={menuStyles.menu} role="menu" id={menuId}>
          {items.map(({ label, icon: Icon, action }) => (
            <button
              key={label}
              type="button"
              role="menuitem"
              className={menuStyles.item}
              disabled={!action}
              aria-disabled={!action || undefined}
              onClick={() => {
                setOpen(false);
                action?.();
              }}
            >
              <Icon size={16} aria-hidden="true" /> {label}
            </button>
          ))}
        </div>
      )}
      {asked && (
        <Suspense fallback={null}>
          <LogOutDialog
            waiting={unsent}
            onConfirm={() => {
              setUnsent(null);
              void signOut();
            }}
            onCancel={() => setUnsent(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
