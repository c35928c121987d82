import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { CompletionResult } from '@core/contract';
import { startServerSentEvents } from '../../sse';
import { failureOf } from './completionReply';

/**
 * Writes a completion as Server-Sent Events in OpenAI's chunk format (so OpenAI-speaking clients can
 * read it), then cardchat's `stored` event with the stored messages, then `[DONE]`.
 */
export class CompletionEventStream {
  private readonly raw: ServerResponse;
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(
    reply: FastifyReply,
    private readonly id: string,
    private readonly model: string,
  ) {
    this.raw = startServerSentEvents(reply);
  }

  private send(data: unknown, event?: string): void {
    if (this.raw.writableEnded || this.raw.destroyed) return;
    this.raw.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  }

  private chunk(delta: { role?: 'assistant'; content?: string; reasoning_content?: string }, finishReason: string | null): void {
    this.send({
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  }

  delta(content: string): void {
    this.chunk({ content }, null);
  }

  /** A thinking model's reasoning, as DeepSeek and most OpenAI-compatible servers stream it. */
  reasoning(text: string): void {
    this.chunk({ reasoning_content: text }, null);
  }

  finish(result: CompletionResult): void {
    this.chunk({}, 'stop');
    this.send(result, 'stored');
    this.end();
  }

  fail(error: unknown): void {
    const failure = failureOf(error);
    this.send({ error: failure.code, message: failure.message }, 'error');
    this.end();
  }

  private end(): void {
    if (this.raw.writableEnded || this.raw.destroyed) return;
    this.raw.write('data: [DONE]\n\n');
    this.raw.end();
  }
}
