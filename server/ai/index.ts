import type { Config } from '../config';
import { createDemoProvider } from './demo';
import { createOpenAiProvider } from './openai';
import type { AiProvider } from './provider';

export { ProviderError } from './provider';
export type { AiProvider, CompletionUsage, ProviderStream, StreamRequest } from './provider';

/** The OpenAI-compatible service when LLM_BASE_URL is set, else the built-in demo. */
export function createAiProvider(llm: Config['llm']): AiProvider {
  const { baseUrl } = llm;
  if (baseUrl) return createOpenAiProvider({ ...llm, baseUrl });
  return createDemoProvider({ wordDelayMs: llm.demoWordDelayMs });
}
