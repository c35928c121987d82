/**
 * Generation settings a person chooses for their chats: what the AI service is asked to sample with.
 * Every field is optional; a field left unset is not sent at all, so a service that does not know a
 * parameter (OpenAI refuses top_k, min_p and repetition_penalty) never sees it unless the person set it.
 */

/** The numbers, as the OpenAI-compatible request names them (context_tokens is ours: it sizes the prompt). */
export interface GenerationSettings {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  min_p?: number;
  max_tokens?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  repetition_penalty?: number;
  /** How many tokens the prompt and the reply may take together; used up to the operator's LLM_CONTEXT_TOKENS. */
  context_tokens?: number;
  /** Text that ends the reply where the service writes it. */
  stop?: string[];
  /** One of the models the operator offers (LLM_MODELS); unset: LLM_MODEL. */
  model?: string;
}

export type NumberField = Exclude<keyof GenerationSettings, 'stop' | 'model'>;

export interface NumberRange {
  label: string;
  min: number;
  max: number;
  integer: boolean;
  /** What the field's slider moves by in the app. */
  step: number;
}

/** Each number's range: SillyTavern's own slider ranges, so a preset made there fits here. */
export const NUMBER_RANGES: Record<NumberField, NumberRange> = {
  temperature: { label: 'Temperature', min: 0, max: 2, integer: false, step: 0.01 },
  top_p: { label: 'Top P', min: 0, max: 1, integer: false, step: 0.01 },
  top_k: { label: 'Top K', min: 0, max: 500, integer: true, step: 1 },
  min_p: { label: 'Min P', min: 0, max: 1, integer: false, step: 0.001 },
  max_tokens: { label: 'Max reply tokens', min: 16, max: 16_384, integer: true, step: 1 },
  frequency_penalty: { label: 'Frequency penalty', min: -2, max: 2, integer: false, step: 0.01 },
  presence_penalty: { label: 'Presence penalty', min: -2, max: 2, integer: false, step: 0.01 },
  repetition_penalty: { label: 'Repetition penalty', min: 1, max: 2, integer: false, step: 0.01 },
  context_tokens: { label: 'Context size', min: 512, max: 2_000_000, integer: true, step: 256 },
};

export const NUMBER_FIELDS = Object.keys(NUMBER_RANGES) as NumberField[];

/** Stop strings: as many as SillyTavern lets a person write for most services, each short. */
export const STOP_LIMITS = { count: 8, chars: 100 } as const;

/** The range a field accepts here: the context size up to what the operator allows. */
export function rangeOf(field: NumberField, contextCap: number): NumberRange {
  const range = NUMBER_RANGES[field];
  return field === 'context_tokens' ? { ...range, max: Math.max(range.min, contextCap) } : range;
}

/**
 * Why the settings cannot be used, in words that name the field and its range; null when they can.
 * `contextCap` is the operator's LLM_CONTEXT_TOKENS.
 */
export function settingsProblem(settings: GenerationSettings, contextCap: number): string | null {
  for (const field of NUMBER_FIELDS) {
    const value = settings[field];
    if (value === undefined) continue;
    const range = rangeOf(field, contextCap);
    if (!Number.isFinite(value) || value < range.min || value > range.max)
      return `${range.label} must be between ${range.min} and ${range.max}.`;
    if (range.integer && !Number.isInteger(value)) return `${range.label} must be a whole number.`;
  }
  const { max_tokens, context_tokens } = settings;
  if (max_tokens !== undefined && context_tokens !== undefined && max_tokens >= context_tokens)
    return 'Max reply tokens must be less than the context size.';
  const stop = settings.stop ?? [];
  if (stop.length > STOP_LIMITS.count) return `At most ${STOP_LIMITS.count} stop strings.`;
  if (stop.some((text) => text.length === 0 || text.length > STOP_LIMITS.chars))
    return `A stop string must be 1 to ${STOP_LIMITS.chars} characters.`;
  return null;
}

/**
 * The values that switch a sampler off. Sending top_k 0 to OpenAI makes it refuse the whole request,
 * so a field at its off value counts as unset: never stored, never sent.
 */
export const OFF_VALUES: Partial<Record<NumberField, number>> = { top_k: 0, min_p: 0, repetition_penalty: 1 };

/** The settings without their unset or switched-off fields and empty stop list, as they are stored and sent. */
export function cleanSettings(settings: GenerationSettings): GenerationSettings {
  const clean: GenerationSettings = {};
  for (const field of NUMBER_FIELDS) {
    const value = settings[field];
    if (value !== undefined && value !== OFF_VALUES[field]) clean[field] = value;
  }
  if (settings.stop?.length) clean.stop = [...settings.stop];
  if (settings.model) clean.model = settings.model;
  return clean;
}
