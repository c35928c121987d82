import type { GenerationSettings } from '@core/aiSettings/index';
import type { Card } from '@core/card/index';
import type { PromptMessage } from '@core/chat/prompt';
import type { ReplyPiece } from '@core/chat/reasoning';
import { AppError } from '../errors';

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface StreamRequest {
  /** The built prompt (core/chat buildPrompt), system message first. */
  messages: PromptMessage[];
  /** The card the prompt was built from: the demo provider answers from it. */
  card: Card;
  userName: string;
  /** The person's generation settings (only the fields they set; core/aiSettings); absent: none. */
  sampling?: GenerationSettings;
  /** Aborted when our client goes away or the request is cancelled; the upstream call stops within a second. */
  signal: AbortSignal;
}

/**
 * One generated reply as it is written. `stream` yields text pieces in order; once it has finished,
 * `usage()` tells the provider's token counts when it reported them.
 */
export interface ProviderStream {
  stream: AsyncIterable<string>;
  /**
   * The same reply with a thinking model's reasoning as `{ reasoning }` pieces among the text, for a
   * caller that keeps it; read either this or `stream`, not both. Absent: the provider never reasons.
   */
  pieces?: AsyncIterable<ReplyPiece>;
  usage(): CompletionUsage | undefined;
}

export type ProviderErrorCode = 'upstream_rate_limited' | 'upstream_unavailable' | 'upstream_timeout' | 'upstream_error' | 'aborted';

/** Why a provider failed, in words a user can act on; an AppError, so the API answers with its status. */
export class ProviderError extends AppError {
  declare readonly code: ProviderErrorCode;

  constructor(code: ProviderErrorCode, message: string, status: number) {
    super(status, code, message);
    this.name = 'ProviderError';
  }
}

export interface AiProvider {
  readonly kind: 'demo' | 'openai';
  complete(request: StreamRequest): ProviderStream;
}
