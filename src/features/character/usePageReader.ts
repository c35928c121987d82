import { useLiveQuery } from 'dexie-react-hooks';
import { userDisplayName } from '@core/chat/userName';
import { useProfile } from '../../auth/useProfile';
import { personasList } from '../../db/personas';
import type { GreetingReader } from '../chat/chatCharacter';

/**
 * Who a character's page is written to, as a new chat with it would be: a signed-in person's default
 * persona on this device, else their profile name; a visitor is 'You'.
 */
export function usePageReader(): Omit<GreetingReader, 'chatId'> {
  const profile = useProfile();
  const personas = useLiveQuery(personasList, []);
  const persona = profile ? personas?.find((candidate) => candidate.is_default) : undefined;
  return { userName: persona?.name ?? userDisplayName(profile), personaDescription: persona?.description };
}
