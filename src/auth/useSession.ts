import { useStore } from '../lib/store';
import { sessionStore, type Session } from './session';

export function useSession(): Session {
  return useStore(sessionStore);
}
