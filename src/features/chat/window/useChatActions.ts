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
  /**
   * The composer's text, in one message or in parts (too long for one): each part goes in order,
   * stored without a reply but the last, so the character answers the whole once. Resolves to the
   * parts that did not go (one failed or was stopped), for the composer to keep.
   */
  /** `speakerId`: in a group chat, the member chosen to answer the last part. */
  send: (parts: string[], greetingIndex: number | undefined, speakerId?: string) => Promise<string[]>;
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

  const run = useCallback(<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
    if (running.current) return Promise.resolve(undefined);
    const next = new AbortController();
    running.current = next;
    setController(next);
    setFailedRegeneration(null);
    return work(next.signal)
      .catch((error: unknown) => {
        console.error('Sending failed', error);
        return undefined;
      })
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
      void run(async (signal): Promise<DeliveryOutcome> => {
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
    send: async (parts, greetingIndex, speakerId) => {
      // Parts written so far: what a failure, a Stop or a send already running leaves is given back.
      let written = 0;
      await run(async (signal) => {
        for (const content of parts) {
          const noReply = written < parts.length - 1;
          const outcome = await sendMessage({ seed, content, userName, personaId, greetingIndex, noReply, speakerId, signal });
          written++;
          // Queued parts wait in the outbox in order; a failed or stopped one keeps the rest back.
          if (outcome.kind === 'failed' || outcome.kind === 'stopped') return;
        }
      });
      return parts.slice(written);
    },
    retry: (message, greetingIndex) => void run((signal) => retryMessage(seed, message, greetingIndex, signal, personaId)),
    regenerate: (reply) => askAgain('regenerate', reply, crypto.randomUUID()),
    continueReply: (reply) => askAgain('continue', reply, crypto.randomUUID()),
    retryRegeneration: () => failedRegeneration && askAgain(failedRegeneration.kind, failedRegeneration.reply, failedRegeneration.key),
    stop: () => controller?.abort(),
  };
}
