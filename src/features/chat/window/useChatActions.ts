import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatSeed } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { continueReply, regenerateReply, retryMessage, sendMessage, type DeliveryOutcome } from '../../../sync/send/actions';

/** Who the user is in the chat as they act: the name their messages are signed with, and the persona's id (null: the profile name). */
export interface Speaker {
  userName: string;
  personaId: string | null;
}

/** A regeneration or a continuation that failed: its Retry sends the same key again. */
export interface FailedRegeneration {
  kind: 'regenerate' | 'continue';
  key: string;
  reply: LocalMessage;
  reason: string;
}

export interface ChatActions {
  /** A send, retry or regeneration is on its way (the composer waits, Stop is offered). */
  busy: boolean;
  /** The reply being regenerated, hidden while its replacement streams in. */
  replacing: string | null;
  failedRegeneration: FailedRegeneration | null;
  send: (content: string, greetingIndex: number | undefined) => void;
  retry: (message: LocalMessage, greetingIndex: number | undefined) => void;
  regenerate: (reply: LocalMessage) => void;
  /** More of the chat's last reply, appended to it. */
  continueReply: (reply: LocalMessage) => void;
  retryRegeneration: () => void;
  stop: () => void;
}

/** The window's send, retry, regenerate, continue and Stop; each runs one at a time per chat, with an AbortController. */
export function useChatActions(seed: ChatSeed, { userName, personaId }: Speaker): ChatActions {
  const [controller, setController] = useState<AbortController | null>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  const [failedRegeneration, setFailedRegeneration] = useState<FailedRegeneration | null>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the chat ends its stream, as Stop would.
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback((work: (signal: AbortSignal) => Promise<DeliveryOutcome>) => {
    if (running.current) return;
    const next = new AbortController();
    running.current = next;
    setController(next);
    setFailedRegeneration(null);
    work(next.signal)
      .catch((error: unknown) => console.error('Sending failed', error))
      .finally(() => {
        running.current = null;
        setController(null);
        setReplacing(null);
      });
  }, []);

  const askAgain = useCallback(
    (kind: FailedRegeneration['kind'], reply: LocalMessage, key: string) => {
      // A new version streams in where the shown one was; a continuation's row hides its reply itself.
      if (kind === 'regenerate') setReplacing(reply.id);
      run(async (signal) => {
        const outcome = await (kind === 'regenerate' ? regenerateReply : continueReply)(seed, reply, key, signal, personaId);
        if (outcome.kind === 'failed') setFailedRegeneration({ kind, key, reply, reason: outcome.reason });
        return outcome;
      });
    },
    [run, seed, personaId],
  );

  return {
    busy: controller !== null,
    replacing,
    failedRegeneration,
    send: (content, greetingIndex) => run((signal) => sendMessage({ seed, content, userName, personaId, greetingIndex, signal })),
    retry: (message, greetingIndex) => run((signal) => retryMessage(seed, message, greetingIndex, signal, personaId)),
    regenerate: (reply) => askAgain('regenerate', reply, crypto.randomUUID()),
    continueReply: (reply) => askAgain('continue', reply, crypto.randomUUID()),
    retryRegeneration: () => failedRegeneration && askAgain(failedRegeneration.kind, failedRegeneration.reply, failedRegeneration.key),
    stop: () => controller?.abort(),
  };
}
