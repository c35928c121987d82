import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import type { LocalPersona } from '../../db/db';
import { chatChoice } from '../../db/personas';
import { choosePersona, settleChoiceWithServer } from '../../sync/personas';
import { usePersonas } from '../personas/usePersonas';
import type { ChatTarget } from './useChatSelection';

/** Who the user is in a chat, and how to change it. */
export interface ChatPersona {
  /** The persona the chat speaks as; null: the profile name. */
  persona: LocalPersona | null;
  /** What {{user}} stands for in the chat: the persona's name, else the profile name. */
  userName: string;
  /** Every persona the user keeps (undefined while the device answers). */
  personas: LocalPersona[] | undefined;
  choose: (personaId: string | null) => void;
}

/**
 * Who the user is in the chat: their choice on this device while the server does not have it yet
 * (made offline, or in a chat not stored yet), else what the server's chat says, else (a new chat)
 * the default persona, else the profile name. A persona that no longer exists means the profile name, as on the server.
 */
export function useChatPersona(target: ChatTarget | null, profileName: string): ChatPersona {
  const personas = usePersonas();
  const chatId = target?.chatId ?? null;
  const answer = useLiveQuery(async () => ({ chatId, choice: chatId ? await chatChoice(chatId) : undefined }), [chatId]);
  // Right after a switch the hook may still hold the previous chat's answer: it does not count.
  const choice = answer?.chatId === chatId ? answer.choice : undefined;
  const stored = target?.row && !target.row.localOnly ? target.row : null;
  // A chat the server has not stored yet starts as the default persona, as the server would start it.
  const fresh = choice ? choice.persona_id : (personas?.find((candidate) => candidate.is_default)?.id ?? null);
  const chosenId = choice?.pending || !stored ? fresh : (stored.persona_id ?? null);
  const persona = (chosenId && personas?.find((candidate) => candidate.id === chosenId)) || null;

  // The server's chat caught up with a choice made here (its next message carried it): settled.
  const serverId = stored ? (stored.persona_id ?? null) : undefined;
  useEffect(() => {
    if (chatId && choice?.pending && serverId === choice.persona_id) void settleChoiceWithServer(chatId, serverId);
  }, [chatId, choice, serverId]);

  const choose = useCallback(
    (personaId: string | null) => {
      if (!chatId) return;
      choosePersona(chatId, personaId).catch((error: unknown) => console.error('Could not change the persona', error));
    },
    [chatId],
  );
  return { persona, userName: persona?.name ?? profileName, personas, choose };
}
