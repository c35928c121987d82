/** The settings form's text, and the settings it stands for (a blank field is a setting left unset). */
import { NUMBER_FIELDS, cleanSettings, settingsProblem, type GenerationSettings, type NumberField } from '@core/aiSettings/samplers';

export interface SettingsDraft {
  numbers: Record<NumberField, string>;
  /** One stop string a line. */
  stop: string;
  /** '' for the server's default model. */
  model: string;
}

export function draftOf(settings: GenerationSettings): SettingsDraft {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, settings[field]?.toString() ?? ''])) as Record<
    NumberField,
    string
  >;
  return { numbers, stop: (settings.stop ?? []).join('\n'), model: settings.model ?? '' };
}

/** The draft's settings, or why they cannot be saved (the same words the server would use). */
export function settingsOf(draft: SettingsDraft, contextCap: number): { settings: GenerationSettings } | { problem: string } {
  const settings: GenerationSettings = {};
  for (const field of NUMBER_FIELDS) {
    const text = draft.numbers[field].trim();
    if (text) settings[field] = Number(text);
  }
  const stop = draft.stop.split('\n').filter((line) => line.trim() !== '');
  if (stop.length) settings.stop = stop;
  if (draft.model) settings.model = draft.model;
  const problem = settingsProblem(settings, contextCap);
  return problem ? { problem } : { settings: cleanSettings(settings) };
}
