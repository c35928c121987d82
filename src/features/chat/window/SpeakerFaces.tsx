import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { GroupMember } from '@core/contract';
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
  /** In a group chat, each member's picture by its card id. */
  members: Map<string, ReactNode>;
}

const FacesContext = createContext<Faces | null>(null);

const FACE_SIZE = 32;

/**
 * Gives the open chat's bubbles their speakers' pictures, each resolved once here (a private card's
 * thumbnail is fetched, a persona's bytes made a URL), not once per bubble.
 */
export function SpeakerFaces({
  seed,
  as,
  members,
  children,
}: {
  seed: ChatSeed;
  as: ChatPersona;
  members?: readonly GroupMember[] | undefined;
  children: ReactNode;
}) {
  const characterSrc = useAvatarSrc(seed.avatar_url, seed.card_type);
  const avatar = as.persona?.avatar;
  const personaUrl = useObjectUrl(avatar);
  const faces = useMemo(
    () => ({
      character: <ChatAvatar chat={seed} size={FACE_SIZE} src={characterSrc} />,
      // Without a persona picture, the user's side stays as it was: their bubble says who they are.
      user: personaUrl ? <PersonaAvatar name={as.userName} size={FACE_SIZE} url={personaUrl} /> : null,
      members: new Map(
        (members ?? []).flatMap((member) =>
          member.character_id
            ? [[member.character_id, <ChatAvatar key={member.id} chat={{ ...member, character_name: member.name }} size={FACE_SIZE} />]]
            : [],
        ),
      ),
    }),
    [seed, characterSrc, personaUrl, as.userName, members],
  );
  return <FacesContext.Provider value={faces}>{children}</FacesContext.Provider>;
}

/**
 * The picture beside a message of this role, or null (none, or a system line). A group's reply shows
 * its speaker's; one whose card is gone shows none (its name says who wrote it).
 */
export function useSpeakerFace(role: LocalMessage['role'], speakerId?: string): ReactNode {
  const faces = useContext(FacesContext);
  if (!faces) return null;
  if (role === 'assistant' && speakerId !== undefined) return faces.members.get(speakerId) ?? null;
  return role === 'assistant' ? faces.character : role === 'user' ? faces.user : null;
}
