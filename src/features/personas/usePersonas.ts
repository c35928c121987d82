import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { LocalPersona } from '../../db/db';
import { personasList } from '../../db/personas';
import { useOnline } from '../../lib/useOnline';
import { pullPersonas, sendPendingChoices } from '../../sync/personas';

/**
 * The user's personas from the device (undefined while Dexie answers), pulled from the server when
 * a screen that shows them opens and whenever cardchat answers again; choices made meanwhile go too.
 */
export function usePersonas(): LocalPersona[] | undefined {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    pullPersonas()
      .then(sendPendingChoices)
      .catch((error: unknown) => console.warn('Could not refresh the personas', error));
  }, [online]);
  return useLiveQuery(personasList, []);
}
