/**
 * SillyTavern's Chat Completion preset files (.json, as its "Import preset" reads and "Export preset"
 * writes them): the sampler fields become our settings, everything else in the file (the prompts,
 * the model names, flags we have no use for) is kept as it was and written back on export.
 */
import { cleanSettings, NUMBER_RANGES, OFF_VALUES, settingsProblem, type GenerationSettings, type NumberField } from './samplers';

/** Our field for each of the preset's sampler fields. */
const PRESET_FIELDS: Record<string, NumberField> = {
  temperature: 'temperature',
  top_p: 'top_p',
  top_k: 'top_k',
  min_p: 'min_p',
  frequency_penalty: 'frequency_penalty',
  presence_penalty: 'presence_penalty',
  repetition_penalty: 'repetition_penalty',
  openai_max_tokens: 'max_tokens',
  openai_max_context: 'context_tokens',
};

/** The fields of a SillyTavern Text Completion preset, which holds no Chat Completion samplers. */
const TEXT_COMPLETION_FIELDS = ['temp', 'rep_pen'];

/** A preset file's size limit: SillyTavern's own are a few kilobytes; its prompts make the rest. */
export const PRESET_FILE_BYTES = 256 * 1024;

/** Everything of the file that is not a sampler field, written back unchanged on export. */
export type PresetExtra = Record<string, unknown>;

export type PresetReading = { ok: true; name: string; settings: GenerationSettings; extra: PresetExtra } | { ok: false; message: string };

/** The preset's name: its file's, without .json. */
const nameOf = (fileName: string) =>
  fileName
    .replace(/\.json$/i, '')
    .trim()
    .slice(0, 100) || 'Imported preset';

/** Reads a preset file's text; a file that is not one says so, naming it. */
export function readPresetFile(fileName: string, text: string): PresetReading {
  const refuse = (why: string): PresetReading => ({ ok: false, message: `${fileName} ${why}` });
  if (new TextEncoder().encode(text).length > PRESET_FILE_BYTES) return refuse('is too large to be a preset (over 256 KB).');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('is not a SillyTavern preset: it is not JSON.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return refuse('is not a SillyTavern preset: it holds no settings.');
  const file = json as Record<string, unknown>;
  const presetKeys = Object.keys(PRESET_FIELDS).filter((key) => key in file);
  if (presetKeys.length === 0) {
    if (TEXT_COMPLETION_FIELDS.some((key) => key in file))
      return refuse('is a SillyTavern Text Completion preset: import a Chat Completion preset instead.');
    return refuse('is not a SillyTavern Chat Completion preset: it holds none of its sampler settings.');
  }
  const settings: GenerationSettings = {};
  const extra: PresetExtra = {};
  for (const [key, value] of Object.entries(file)) {
    const field = PRESET_FIELDS[key];
    if (!field) {
      extra[key] = value;
      continue;
    }
    if (typeof value !== 'number') return refuse(`is not a preset we can read: ${key} is not a number.`);
    settings[field] = value;
  }
  // The file's context size may exceed this server's; it is used up to the server's limit.
  const problem = settingsProblem(settings, NUMBER_RANGES.context_tokens.max);
  if (problem) return refuse(`has a setting out of range: ${problem}`);
  return { ok: true, name: nameOf(fileName), settings: cleanSettings(settings), extra };
}

/**
 * The preset as a SillyTavern Chat Completion preset file's JSON: its kept fields, then its samplers
 * (a switched-off one written as its off value, as SillyTavern writes it).
 */
export function presetFile(settings: GenerationSettings, extra: PresetExtra): Record<string, unknown> {
  const file: Record<string, unknown> = { ...extra };
  for (const [key, field] of Object.entries(PRESET_FIELDS)) {
    const value = settings[field] ?? OFF_VALUES[field];
    if (value !== undefined) file[key] = value;
  }
  return file;
}
