import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { getInstallSnapshot, promptInstall, subscribeToInstall } from '../../pwa/installPrompt';
import styles from './InstallAppButton.module.css';

/** "Install app", shown only while the browser offers installation (never once installed). */
export function InstallAppButton({ className }: { className?: string }) {
  const { canInstall } = useSyncExternalStore(subscribeToInstall, getInstallSnapshot, getInstallSnapshot);
  if (!canInstall) return null;
  return (
    <button
      type="button"
      className={className ? `${styles.button} ${className}` : styles.button}
      onClick={() => void promptInstall()}
    >
      <Download size={18} aria-hidden="true" />
      Install app
    </button>
  );
}
