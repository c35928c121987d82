import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { Menu, Moon, PanelLeft, Search, Sun } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
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

/** Typing pauses this long before the gallery searches; Enter searches at once. */
const TYPING_PAUSE_MS = 300;
/** As one types, a search starts from two letters (one letter matches nearly everything). */
const TYPED_MIN_CHARS = 2;

/** The gallery's search: it follows the typing (a pause, then the list narrows) and Enter; the words live in Home's address (`?q=`). */
function GallerySearch() {
  const navigate = useNavigate();
  // Strict: false: the box also renders for an instant while the router leaves Home.
  const { q } = useSearch({ strict: false });
  const [text, setText] = useState(q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sent = useRef(q ?? '');
  // The address changed by itself (Back, a link): the box follows it, never what is being typed.
  useEffect(() => {
    if ((q ?? '') !== sent.current) setText((sent.current = q ?? ''));
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string, replace: boolean) => {
    clearTimeout(timer.current);
    sent.current = value;
    void navigate({ to: '/', search: (prev) => ({ ...prev, q: value || undefined }), replace });
  };
  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const words = value.trim();
    if (words.length > 0 && words.length < TYPED_MIN_CHARS) return;
    timer.current = setTimeout(() => search(words, true), TYPING_PAUSE_MS);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(text.trim(), false);
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <Search size={18} aria-hidden="true" />
      <input
        type="search"
        value={text}
        onChange={(event) => type(event.target.value)}
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
