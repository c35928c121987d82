import { useCallback, useEffect, useState } from 'react';
import { storageState, type StorageState } from '../../db/localData';

/** navigator.storage's usage and persistence, read on mount and again on `reload()`; null until read. */
export function useStorageState() {
  const [state, setState] = useState<StorageState | null>(null);
  const reload = useCallback(() => storageState().then(setState), []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
