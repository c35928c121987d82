import { useEffect, useMemo, useState } from 'react';
import { getCharacterDetails } from '../../api/favorites';
import { useOnline } from '../../lib/useOnline';
import { fromChat, fromDetails, fromSelected, type CharacterView, type SelectedCharacter } from './chatCharacter';
import type { ChatTarget } from './useChatSelection';

/**
 * The open chat's character: the whole card from the server once it answers (greetings, tags), the
 * card click's copy until then, else what the recent list knows (name and type only).
 */
export function useChatCharacter(target: ChatTarget | null, picked: SelectedCharacter | null): CharacterView | null {
  const characterId = target?.seed.character_id ?? null;
  const [details, setDetails] = useState<CharacterView | null>(null);
  // Asked again once cardchat answers, if it could not be asked when the chat opened.
  const online = useOnline();

  useEffect(() => {
    if (!characterId || !online) return;
    let live = true;
    getCharacterDetails(characterId).then(
      (loaded) => live && setDetails(fromDetails(loaded)),
      (error: unknown) => console.error('Failed to load the character', error),
    );
    return () => {
      live = false;
    };
  }, [characterId, online]);

  const seed = target?.seed ?? null;
  // Kept the same object while nothing changed, so what is derived from it (greetings) is too.
  return useMemo(() => {
    if (!seed) return null;
    if (details && details.id === seed.character_id) return details;
    if (picked && picked.id === seed.character_id) return fromSelected(picked);
    return fromChat(seed);
  }, [seed, details, picked]);
}
