import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { MESSAGES_PAGE_SIZE } from '../../../api/chatMessages';
import { windowMessages } from '../../../db/chatMessages';
import { connectivity, onReconnected } from '../../../lib/connectivity';
import type { LocalMessage } from '../../../db/db';
import { pullNewestMessages, pullOlderMessages } from '../../../sync/chatMessages';

export const LOAD_MORE_FAILED = 'Failed to load more messages';

/** 'loading' until page 1 answers; 'saved' when the device's copy is all there is (offline or failed). */
export type MessagesPhase = 'loading' | 'ready' | 'saved';

export interface ChatMessagesState {
  /** Oldest first; undefined until Dexie answers. */
  messages: LocalMessage[] | undefined;
  phase: MessagesPhase;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlderError: string | null;
  loadOlder: () => void;
}

/**
 * A chat's messages as the window shows them: page 1 (the newest 10) is pulled when the chat opens,
 * older pages on request; the window reads everything from the oldest loaded page up from Dexie, so
 * new messages, streaming text and state changes appear by themselves.
 */
export function useChatMessages(chatId: string, { onServer }: { onServer: boolean }): ChatMessagesState {
  // Where the window starts (a seq); null until page 1 said, -Infinity for everything the chat has.
  const [floor, setFloor] = useState<number | null>(onServer ? null : -Infinity);
  const [phase, setPhase] = useState<MessagesPhase>(onServer ? 'loading' : 'ready');
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadOlderError, setLoadOlderError] = useState<string | null>(null);
  const messages = useLiveQuery(() => windowMessages(chatId, floor, MESSAGES_PAGE_SIZE), [chatId, floor]);
  // A chat shown from the device's copy is pulled again once cardchat answers again.
  const [attempt, setAttempt] = useState(0);
  const saved = phase === 'saved';
  useEffect(() => (saved ? onReconnected(() => setAttempt((n) => n + 1)) : undefined), [saved]);

  useEffect(() => {
    if (!onServer) return;
    if (connectivity() !== 'online') return setPhase('saved');
    let live = true;
    pullNewestMessages(chatId).then(
      (pull) => {
        if (!live) return;
        setFloor(pull.floorSeq ?? -Infinity);
        setHasOlder(pull.hasOlder);
        setPhase('ready');
      },
      (error: unknown) => {
        console.error('Failed to load messages', error);
        if (live) setPhase('saved');
      },
    );
    return () => {
      live = false;
    };
    // Pulled once per opened chat (not again when a new chat reaches the server: its rows are here).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onServer is read at opening only
  }, [chatId, attempt]);

  const oldestStored = messages?.find((message) => message.state === 'sent')?.seq;
  const loadOlder = useCallback(() => {
    if (oldestStored === undefined) return;
    setLoadingOlder(true);
    setLoadOlderError(null);
    pullOlderMessages(chatId, oldestStored)
      .then((pull) => {
        setFloor(pull.floorSeq);
        setHasOlder(pull.hasOlder);
      })
      .catch((error: unknown) => {
        console.error(LOAD_MORE_FAILED, error);
        setLoadOlderError(LOAD_MORE_FAILED);
      })
      .finally(() => setLoadingOlder(false));
  }, [chatId, oldestStored]);

  return { messages, phase, hasOlder: hasOlder && oldestStored !== undefined, loadingOlder, loadOlderError, loadOlder };
}
