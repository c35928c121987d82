import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { storedCharacter } from '../../db/characters';
import { useOnline } from '../../lib/useOnline';
import { pullCharacter } from '../../sync/characters';
import { fromChat, fromDetails, fromSelected, type CharacterView, type SelectedCharacter } from './chatCharacter';
import type { ChatTarget } from './useChatSelection';

/**
 * The open chat's character: the whole card as the server last described it (greetings, tags; from
 * Dexie, pulled when the chat opens), the card click's copy until then, else what the recent list
 * knows (name and type only).
 */
export function useChatCharacter(target: ChatTarget | null, picked: SelectedCharacter | null): CharacterView | null {
  const characterId = target?.seed.character_id ?? null;
  const stored = useLiveQuery(() => (characterId ? storedCharacter(characterId) : undefined), [characterId]);
  // Asked again once cardchat answers, if it could not be asked when the chat opened.
  const online = useOnline();

  useEffect(() => {
    if (!characterId || !online) return;
    pullCharacter(characterId).catch((error: unknown) => console.error('Failed to load the character', error));
  }, [characterId, online]);

  const seed = target?.seed ?? null;
  // Kept the same object while nothing changed, so what is derived from it (greetings) is too.
  return useMemo(() => {
    if (!seed) return null;
    if (stored && stored.file_id === seed.character_id) return fromDetails(stored);
    if (picked && picked.id === seed.character_id) return fromSelected(picked);
    return fromChat(seed);
  }, [seed, stored, picked]);
}
