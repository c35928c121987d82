import { Link } from '@tanstack/react-router';
import {
  Bell,
  CreditCard,
  Eye,
  FileText,
  FolderOpen,
  Heart,
  House,
  MessageSquare,
  Scale,
  Settings,
  Shield,
  Upload,
  User,
  type LucideIcon,
} from 'lucide-react';
import { InstallAppButton } from './InstallAppButton';
import styles from './Sidebar.module.css';

interface NavItem {
  to: '/' | '/recent-chat' | '/create' | '/favorites' | '/collections' | '/pricing' | '/profile' | '/terms' | '/privacy' | '/admin/review';
  label: string;
  icon: LucideIcon;
  signedInOnly?: boolean;
  adminOnly?: boolean;
}

const NAV: NavItem[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/recent-chat', label: 'Recent Chats', icon: MessageSquare },
  { to: '/create', label: 'Upload', icon: Upload },
  { to: '/favorites', label: 'Favorites', icon: Heart },
  { to: '/collections', label: 'Collections', icon: FolderOpen },
  { to: '/pricing', label: 'Pricing', icon: CreditCard },
  { to: '/profile', label: 'Profile', icon: User, signedInOnly: true },
  { to: '/admin/review', label: 'Review', icon: Eye, adminOnly: true },
  { to: '/terms', label: 'Terms', icon: FileText },
  { to: '/privacy', label: 'Privacy', icon: Shield },
];

/** Shown so people know they are coming, disabled until they exist. */
const COMING_SOON: Array<{ label: string; icon: LucideIcon }> = [
  { label: 'Settings', icon: Settings },
  { label: 'Notifications', icon: Bell },
];

interface Props {
  signedIn: boolean;
  /** An administrator (ADMIN_EMAILS): the review queue is listed. */
  isAdmin?: boolean;
  collapsed: boolean;
  mobileOpen: boolean;
  onNavigate: () => void;
}

export function Sidebar({ signedIn, isAdmin = false, collapsed, mobileOpen, onNavigate }: Props) {
  const className = [styles.sidebar, collapsed && styles.collapsed, mobileOpen && styles.open].filter(Boolean).join(' ');
  return (
    <>
      {mobileOpen && <div className={styles.backdrop} onClick={onNavigate} aria-hidden="true" />}
      <nav id="sidebar" className={className} aria-label="Main">
        {/* Named on its own: collapsed, its words are hidden and the logo is decorative. */}
        <Link to="/" className={styles.brand} onClick={onNavigate} aria-label="cardchat" title={collapsed ? 'cardchat' : undefined}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className={styles.label}>cardchat</span>
        </Link>
        <ul className={styles.list}>
          {NAV.filter((item) => (signedIn || !item.signedInOnly) && (isAdmin || !item.adminOnly)).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className={styles.link}
                activeProps={{ className: styles.active, 'aria-current': 'page' }}
                activeOptions={{ exact: to === '/' }}
                onClick={onNavigate}
                title={collapsed ? label : undefined}
              >
                <Icon size={20} aria-hidden="true" />
                <span className={styles.label}>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
        <ul className={styles.list} aria-label="Settings">
          {COMING_SOON.map(({ label, icon: Icon }) => (
            <li key={label}>
              <button type="button" className={styles.link} disabled title={`${label} (coming soon)`}>
                <Icon size={20} aria-hidden="true" />
                <span className={styles.label}>{label}</span>
              </button>
            </li>
          ))}
        </ul>
        {/* Collapsed, these two keep their icons and names (titles), like the links above. */}
        <InstallAppButton className={styles.install} labelClassName={styles.label} title={collapsed ? 'Install app' : undefined} />
        <footer className={styles.footer}>
          <Link
            to="/anti-slavery-policy"
            className={styles.footerLink}
            activeProps={{ 'aria-current': 'page' }}
            onClick={onNavigate}
            title={collapsed ? 'Anti-Slavery Policy' : undefined}
          >
            <Scale size={18} aria-hidden="true" />
            <span className={styles.label}>Anti-Slavery Policy</span>
          </Link>
        </footer>
      </nav>
    </>
  );
}
