import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/completions';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { CLIENT_GONE, generate } from '../services/chats/completionReply';
import { storedCompletion } from '../services/chats/completionLedger';
import { prepareCompletion } from '../services/chats/completions';
import { CompletionEventStream } from '../services/chats/sse';
import { AppError } from '../errors';

/**
 * How long replies still streaming may go on after a shutdown starts (main.ts exits after 10 s).
 * Then they end with an error the client can retry on another instance: the ledger records them
 * failed, rather than running until it goes stale minutes later.
 */
const DRAIN_GRACE_MS = 5_000;

const restarting = () => new AppError(503, 'server_restarting', 'The server restarted while replying. Please try again.');

/**
 * POST /api/chat/completions: the user's message in, the character's reply out (JSON, or SSE with
 * `stream: true`). The Idempotency-Key header (the client's id for the message) makes retries safe.
 */
export const completionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const running = new Set<AbortController>();
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    const timer = setTimeout(() => running.forEach((controller) => controller.abort()), DRAIN_GRACE_MS);
    timer.unref();
    done();
  });

  app.route({
    ...endpoint(contract.completion),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const ctx = request.ctx;
      // Without a key (older clients) the request is simply not deduplicated.
      const key = request.headers['idempotency-key'] ?? randomUUID();
      const prepared = await prepareCompletion(ctx, signedIn(request), key, request.body);
      const model = ctx.ai.kind === 'demo' ? 'cardchat-demo' : ctx.config.llm.model;
      if (prepared.kind === 'done') {
        if (!request.body.stream) return prepared.result;
        const events = new CompletionEventStream(reply, `chatcmpl-${key}`, model);
        events.delta(prepared.result.content);
        events.finish(prepared.result);
        return reply;
      }

      // Our client going away (closed tab, Stop) cancels the AI call, keeping what it wrote; a
      // shutdown's end cancels it too, keeping nothing (the client tries again elsewhere).
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort(CLIENT_GONE));
      // Gone while the request was being prepared: its 'close' came before anyone listened.
      if (request.raw.socket.destroyed) controller.abort(CLIENT_GONE);
      running.add(controller);
      reply.raw.on('close', () => running.delete(controller));
      const endedByShutdown = (error: unknown) => (draining && controller.signal.aborted && !reply.raw.destroyed ? restarting() : error);
      const pieces = generate(ctx, prepared.job, controller.signal);
      let next;
      try {
        // The first piece is awaited before answering, so a failure before any text keeps its HTTP status.
        next = await pieces.next();
        if (!request.body.stream) {
          while (!next.done) next = await pieces.next();
          return next.value;
        }
      } catch (error) {
        throw endedByShutdown(error);
      }
      const events = new CompletionEventStream(reply, `chatcmpl-${key}`, model);
      try {
        while (!next.done) {
          if (typeof next.value === 'string') events.delta(next.value);
          else events.reasoning(next.value.reasoning);
          next = await pieces.next();
        }
        events.finish(next.value as contract.CompletionResult);
      } catch (error) {
        request.log.warn({ err: error }, 'completion failed while streaming');
        events.fail(endedByShutdown(error));
      }
      return reply;
    },
  });

  app.route({
    ...endpoint(contract.storedCompletion),
    preHandler: app.authenticate,
    handler: async (request) => storedCompletion(request.ctx.db, signedIn(request).id, request.params.id),
  });
};
