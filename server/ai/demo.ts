/**
 * The built-in provider used when no LLM_BASE_URL is set: it needs no network and no key, so a
 * fresh install can chat at once, and it streams word by word like a real model so the UI's
 * streaming, cancelling and styling can be seen and tested.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { estimateMessageTokens, estimateTokens, type PromptMessage } from '@core/chat/prompt/index';
import { demoReply } from './demo-reply';
import type { AiProvider, CompletionUsage } from './provider';
import { abortedError } from './provider-errors';

const DEFAULT_WORD_DELAY_MS = 25;

export function createDemoProvider(options: { wordDelayMs?: number } = {}): AiProvider {
  const wordDelayMs = options.wordDelayMs ?? DEFAULT_WORD_DELAY_MS;
  return {
    kind: 'demo',
    complete({ messages, card, userName, signal }) {
      const reply = demoReply(card, userName, lastUserMessage(messages));
      let usage: CompletionUsage | undefined;
      const finish = () => (usage = estimateUsage(messages, reply));
      return { stream: speak(reply, wordDelayMs, signal, finish), usage: () => usage };
    },
  };
}

async function* speak(reply: string, wordDelayMs: number, signal: AbortSignal, finish: () => void) {
  const words = reply.match(/\S+\s*/g) ?? [];
  for (const [index, word] of words.entries()) {
    if (index > 0 && wordDelayMs > 0) {
      try {
        await sleep(wordDelayMs, undefined, { signal });
      } catch {
        throw abortedError();
      }
    }
    if (signal.aborted) throw abortedError();
    yield word;
  }
  finish();
}

function lastUserMessage(messages: PromptMessage[]): string {
  return messages.findLast((message) => message.role === 'user')?.content ?? '';
}

/** The demo has no tokenizer, so it reports the same estimates the prompt builder budgets with. */
function estimateUsage(messages: PromptMessage[], reply: string): CompletionUsage {
  const prompt_tokens = messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
  const completion_tokens = estimateTokens(reply);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}
