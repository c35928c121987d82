import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/errors';
import type { ChatSeed } from '../../db/chatMessages';
import { getChat } from '../../db/chatList';
import type { LocalChat } from '../../db/db';
import { chatToReopen } from '../../sync/chatList';
import { pullNewestMessages } from '../../sync/chatMessages';
import { fromSelected, takeCardClick, type CharacterView, type SelectedCharacter } from './chatCharacter';
import { thumbnailUrl } from '@core/contract/constants';

/** The chat the window shows. */
export interface ChatTarget {
  chatId: string;
  /** What a send tells the server and the recent list about the chat. */
  seed: ChatSeed;
  /** The recent-list row; null for a new chat that has not been sent to yet. */
  row: LocalChat | null;
  /** The server does not have it yet: nothing to pull. */
  localOnly: boolean;
}

export interface ChatSelection {
  chatId: string | null;
  target: ChatTarget | null;
  /** The character a card click brought, if any. */
  picked: SelectedCharacter | null;
  select: (chatId: string | null) => void;
  /** Starts a new chat with `character` under an id made on this device. */
  newChat: (character: CharacterView) => void;
}

function seedFor(character: CharacterView): ChatSeed {
  return {
    chat_id: crypto.randomUUID(),
    character_name: character.name,
    character_id: character.id,
    filename: character.filename,
    card_type: character.cardType,
    avatar_url: character.id ? thumbnailUrl(character.id) : null,
  };
}

/**
 * Which chat is open. It lives in the URL (`?chat=`), so a reload keeps it and links can name it. A
 * card click opens the latest chat with that card (the server's when online), else a new one. A chat
 * that vanishes from the recent list is closed, unless it was made here and the server has not stored
 * it yet.
 */
export function useChatSelection(): ChatSelection {
  const chatId = useSearch({ from: '/_signedIn/recent-chat' }).chat ?? null;
  const navigate = useNavigate();
  const [picked, setPicked] = useState<SelectedCharacter | null>(null);
  const [drafts, setDrafts] = useState<Record<string, ChatSeed>>({});
  const [lastSeen, setLastSeen] = useState<LocalChat | null>(null);

  const select = useCallback((id: string | null) => void navigate({ to: '/recent-chat', search: id ? { chat: id } : {} }), [navigate]);
  const newChat = useCallback(
    (character: CharacterView) => {
      const seed = seedFor(character);
      setDrafts((known) => ({ ...known, [seed.chat_id]: seed }));
      select(seed.chat_id);
    },
    [select],
  );

  useEffect(() => {
    const card = takeCardClick();
    if (!card) return;
    setPicked(card);
    void chatToReopen(card.id).then((chatId) => (chatId ? select(chatId) : newChat(fromSelected(card))));
  }, [select, newChat]);

  const answer = useLiveQuery(async () => (chatId ? { chatId, row: (await getChat(chatId)) ?? null } : null), [chatId]);
  // Right after a switch the hook may still hold the previous chat's answer: it does not count.
  const lookup = answer && answer.chatId === chatId ? answer : undefined;
  const draft = chatId ? drafts[chatId] : undefined;

  useEffect(() => {
    if (!chatId || !lookup) return;
    if (lookup.row) return setLastSeen(lookup.row);
    if (draft) return;
    if (lastSeen?.chat_id === chatId) {
      if (!lastSeen.localOnly) select(null);
      return;
    }
    // Named by a link or a reload but not on this device: the server says whether it exists.
    pullNewestMessages(chatId).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) select(null);
    });
  }, [chatId, lookup, draft, lastSeen, select]);

  const row = lookup?.row ?? (lastSeen?.chat_id === chatId ? lastSeen : null);
  const seed = row ?? draft;
  const target = useMemo(
    () => (chatId && seed ? { chatId, seed, row, localOnly: !row || row.localOnly === true } : null),
    [chatId, seed, row],
  );
  return { chatId, target, picked, select, newChat };
}
