import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ChatSeed } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { PersonaAvatar, useObjectUrl } from '../../personas/PersonaAvatar';
import { ChatAvatar } from '../history/ChatAvatar';
import { useAvatarSrc } from '../history/useAvatarSrc';
import type { ChatPersona } from '../useChatPersona';

/** The pictures beside a chat's messages: the character's, and the persona's when it has one. */
interface Faces {
  character: ReactNode;
  user: ReactNode;
}

const FacesContext = createContext<Faces | null>(null);

const FACE_SIZE = 32;

/**
 * Gives the open chat's bubbles their speakers' pictures, each resolved once here (a private card's
 * thumbnail is fetched, a persona's bytes made a URL), not once per bubble.
 */
export function SpeakerFaces({ seed, as, children }: { seed: ChatSeed; as: ChatPersona; children: ReactNode }) {
  const characterSrc = useAvatarSrc(seed.avatar_url, seed.card_type);
  const avatar = as.persona?.avatar;
  const personaUrl = useObjectUrl(avatar);
  const faces = useMemo(
    () => ({
      character: <ChatAvatar chat={seed} size={FACE_SIZE} src={characterSrc} />,
      // Without a persona picture, the user's side stays as it was: their bubble says who they are.
      user: personaUrl ? <PersonaAvatar name={as.userName} size={FACE_SIZE} url={personaUrl} /> : null,
    }),
    [seed, characterSrc, personaUrl, as.userName],
  );
  return <FacesContext.Provider value={faces}>{children}</FacesContext.Provider>;
}

/** The picture beside a message of this role, or null (none, or a system line). */
export function useSpeakerFace(role: LocalMessage['role']): ReactNode {
  const faces = useContext(FacesContext);
  if (!faces) return null;
  return role === 'assistant' ? faces.character : role === 'user' ? faces.user : null;
}
