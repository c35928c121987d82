import { useLocation, useNavigate } from '@tanstack/react-router';
import { Menu, Moon, PanelLeft, Search, Sun } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { Session } from '../../auth/session';
import { Spinner } from '../../ui/Spinner';
import { OfflineStatus } from './OfflineStatus';
import { StatusSlot } from './StatusSlot';
import { setDarkMode, useDarkMode } from './theme';
import styles from './TopBar.module.css';

// Signed-in only: a visitor's first page does not load the account menu's code.
const UserMenu = lazy(() => import('./UserMenu').then(({ UserMenu }) => ({ default: UserMenu })));

interface Props {
  session: Session;
  isMobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

function GallerySearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/', search: text.trim() ? { q: text.trim() } : {} });
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <Search size={18} aria-hidden="true" />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search characters, tags or styles..."
        aria-label="Search characters"
        enterKeyHint="search"
      />
    </form>
  );
}

export function TopBar({ session, isMobile, sidebarOpen, onToggleSidebar }: Props) {
  const location = useLocation();
  const dark = useDarkMode();
  const ToggleIcon = isMobile ? Menu : PanelLeft;
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onToggleSidebar}
          aria-label={isMobile ? 'Open menu' : 'Collapse sidebar'}
          aria-controls="sidebar"
          aria-expanded={isMobile ? sidebarOpen : undefined}
        >
          <ToggleIcon size={20} aria-hidden="true" />
        </button>
        <div className={styles.middle}>{location.pathname === '/' && <GallerySearch />}</div>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.pushRight}`}
          onClick={() => setDarkMode(!dark)}
          aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
        >
          {dark ? <Sun size={20} aria-hidden="true" /> : <Moon size={20} aria-hidden="true" />}
        </button>
        {session.status === 'loading' && <Spinner size={20} />}
        {(session.status === 'signedIn' || session.status === 'offline') && (
          <Suspense fallback={<Spinner size={20} />}>
            <UserMenu profile={session.profile} offline={session.status === 'offline'} />
          </Suspense>
        )}
        {session.status === 'signedOut' && (
          <button
            type="button"
            className={styles.primary}
            // The sign-in code loads on the click: a visitor's first page does not wait for it.
            onClick={() => void import('../../auth/login').then(({ startLogin }) => startLogin(location.href))}
          >
            Get Started
          </button>
        )}
      </div>
      <StatusSlot />
      <OfflineStatus />
    </header>
  );
}
