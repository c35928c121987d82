import { useEffect, useState } from 'react';
import type { StorageUsage } from '@core/contract';
import { getStorageUsage } from '../../api/users';

export type AccountStorage = { state: 'loading' } | { state: 'loaded'; usage: StorageUsage } | { state: 'unavailable'; reason: string };

/** The account's stored bytes and quota, asked of the server once per visit; not kept offline (it changes with every write). */
export function useAccountStorage(online: boolean): AccountStorage {
  const [storage, setStorage] = useState<AccountStorage>({ state: 'loading' });
  useEffect(() => {
    if (!online) {
      setStorage({ state: 'unavailable', reason: 'Shown when you are online' });
      return;
    }
    let live = true;
    setStorage({ state: 'loading' });
    getStorageUsage().then(
      (usage) => live && setStorage({ state: 'loaded', usage }),
      (error: unknown) => {
        console.error('Failed to load storage usage', error);
        if (live) setStorage({ state: 'unavailable', reason: 'Could not be loaded' });
      },
    );
    return () => {
      live = false;
    };
  }, [online]);
  return storage;
}
