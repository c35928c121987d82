import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAiProvider, type AiProvider } from '../ai/index';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes replies: the OpenAI-compatible service at LLM_BASE_URL, else the built-in demo. */
    ai: AiProvider;
  }
}

export const aiPlugin = fp<{ llm: Config['llm'] }>(async (app: FastifyInstance, { llm }) => {
  app.decorate('ai', createAiProvider(llm));
});
