/**
 * The person's generation settings as an OpenAI-compatible request carries them: only the fields
 * they set, so a service is never sent a parameter nobody chose (OpenAI refuses top_k, min_p and
 * repetition_penalty outright; llama.cpp, vLLM and OpenRouter take them). The operator's
 * LLM_MODEL, LLM_MAX_TOKENS and LLM_TEMPERATURE fill in for those three when the person left them unset.
 */
import type { GenerationSettings } from '@core/aiSettings/index';
import type { Config } from '../config';
import { ProviderError } from './provider';

/** The request body's sampling fields. `context_tokens` is ours (it sizes the prompt), never sent. */
export function samplingFields(llm: Pick<Config['llm'], 'model' | 'maxTokens' | 'temperature'>, settings: GenerationSettings) {
  const { context_tokens: _sizesThePrompt, model, max_tokens, temperature, ...chosen } = settings;
  return { model: model ?? llm.model, max_tokens: max_tokens ?? llm.maxTokens, temperature: temperature ?? llm.temperature, ...chosen };
}

/** The sampler fields the person set beyond the two every service takes. */
const unusualFields = (settings: GenerationSettings) =>
  Object.keys(settings).filter((field) => !['context_tokens', 'model', 'max_tokens', 'temperature'].includes(field));

/**
 * A service that refuses the request (400, 422) when the person's settings added fields to it: the
 * refusal names them, so the person can clear the one it does not accept. We do not retry without
 * them: the reply would be written with settings the person did not choose, without telling them,
 * and a second request costs the operator twice.
 */
export function refusedWithSettings(error: ProviderError, status: number, settings: GenerationSettings): ProviderError {
  const sent = unusualFields(settings);
  if ((status !== 400 && status !== 422) || sent.length === 0) return error;
  return new ProviderError(
    error.code,
    `${error.message} Your AI settings sent ${sent.join(', ')}: clear the one this service does not accept.`,
    error.statusCode,
  );
}
