import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { getInstallSnapshot, promptInstall, subscribeToInstall } from '../../pwa/installPrompt';
import styles from './InstallAppButton.module.css';

/**
 * "Install app", shown only while the browser offers installation (never once installed). `labelClassName`
 * lets a collapsed sidebar hide the words (then `title` names the icon, as the sidebar's links do).
 */
export function InstallAppButton({ className, labelClassName, title }: { className?: string; labelClassName?: string; title?: string }) {
  const { canInstall } = useSyncExternalStore(subscribeToInstall, getInstallSnapshot, getInstallSnapshot);
  if (!canInstall) return null;
  return (
    <button
      type="button"
      className={className ? `${styles.button} ${className}` : styles.button}
      onClick={() => void promptInstall()}
      title={title}
    >
      <Download size={18} aria-hidden="true" />
      <span className={labelClassName}>Install app</span>
    </button>
  );
}
