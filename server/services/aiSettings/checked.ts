import { cleanSettings, settingsProblem, type GenerationSettings } from '@core/aiSettings/index';
import { badRequest } from '../../errors';

/**
 * The settings as they will be stored, or a 400 naming the field that is out of its range.
 * `contextCap`: the largest context size accepted (the operator's LLM_CONTEXT_TOKENS for what a chat
 * uses; a preset's file may hold more, used up to the server's limit); `models`: LLM_MODELS.
 */
export function checkedSettings(settings: GenerationSettings, contextCap: number, models: string[]): GenerationSettings {
  const problem = settingsProblem(settings, contextCap);
  if (problem) throw badRequest('invalid_settings', problem);
  // Only a model the operator offers: another could cost what nobody agreed to, or not exist.
  if (settings.model && !models.includes(settings.model))
    throw badRequest('invalid_settings', `This server offers these models: ${models.join(', ')}.`);
  return cleanSettings(settings);
}
