import { useSyncExternalStore } from 'react';
import { connectivity, connectivityStore, type Connectivity, type ConnectivityState } from './connectivity';

/** The device's own events too, so the state follows them even before the probe loop has handled them. */
function subscribe(onChange: () => void): () => void {
  const unsubscribe = connectivityStore.subscribe(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The app's connectivity (lib/connectivity.ts) as React state. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, connectivity, () => 'online');
}

/** The whole state, with when the next probe goes, for the status line's countdown. */
export function useConnectivityState(): ConnectivityState {
  const status = useConnectivity();
  const state = useSyncExternalStore(connectivityStore.subscribe, connectivityStore.get, connectivityStore.get);
  return status === state.status ? state : { status, retryAt: null };
}

/** Whether cardchat answers right now: actions that need it are available. */
export function useOnline(): boolean {
  return useConnectivity() === 'online';
}

/** The reasons shown on actions that need cardchat while it cannot be used (not sending a message: it waits in the outbox). */
export const OFFLINE_REASON = "You're offline";
export const UNREACHABLE_REASON = "Can't reach cardchat";

/** The reason for a state, undefined while cardchat answers. */
export function offlineReason(status: Connectivity): string | undefined {
  if (status === 'online') return undefined;
  return status === 'offline' ? OFFLINE_REASON : UNREACHABLE_REASON;
}

/**
 * Why an action that needs cardchat is unavailable right now ("You're offline", "Can't reach
 * cardchat"); undefined while it answers. Every such button disables itself with this as its title.
 */
export function useOfflineReason(): string | undefined {
  return offlineReason(useConnectivity());
}

/** The note over a list shown from the device's copy: "Can't reach cardchat: showing the chats saved on this device." */
export function useSavedCopyNote(what: string): string {
  return `${useOfflineReason() ?? OFFLINE_REASON}: showing the ${what} saved on this device.`;
}
