import { cleanSettings, settingsProblem, type GenerationSettings } from '@core/aiSettings/index';
import { badRequest } from '../../errors';

/**
 * The settings as they will be stored, or a 400 naming the field that is out of its range.
 * `contextCap`: the largest context size accepted (the operator's LLM_CONTEXT_TOKENS for what a chat
 * uses; a preset's file may hold more, used up to the server's limit).
 */
export function checkedSettings(settings: GenerationSettings, contextCap: number): GenerationSettings {
  const problem = settingsProblem(settings, contextCap);
  if (problem) throw badRequest('invalid_settings', problem);
  return cleanSettings(settings);
}
