/**
 * Generation settings (a person's default and each chat's own) and named presets. The schemas hold
 * the shapes; the ranges are checked by core/aiSettings `settingsProblem`, on the device before a
 * change is queued and on the server, so both refuse a number in the same words, naming its range.
 */
import { Type, type Static } from 'typebox';
import { IdParams, SuccessResponse, type Endpoint } from './common';
import { ChatIdParams } from './chats';
import * as routes from './routes';
import { AI_PRESET_LIMITS } from './constants';

/** Every field optional: one left out is never sent to the AI service. */
export const GenerationSettings = Type.Object(
  {
    temperature: Type.Optional(Type.Number()),
    top_p: Type.Optional(Type.Number()),
    top_k: Type.Optional(Type.Number()),
    min_p: Type.Optional(Type.Number()),
    max_tokens: Type.Optional(Type.Number()),
    frequency_penalty: Type.Optional(Type.Number()),
    presence_penalty: Type.Optional(Type.Number()),
    repetition_penalty: Type.Optional(Type.Number()),
    context_tokens: Type.Optional(Type.Number()),
    stop: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 })),
    /** One of GET /api/config's `models`. */
    model: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type GenerationSettings = Static<typeof GenerationSettings>;

export const AiPreset = Type.Object({
  id: Type.String(),
  name: Type.String(),
  settings: GenerationSettings,
  /** JSON of an object: an imported file's other fields, written back on export ('{}' for one made here). */
  extra: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type AiPreset = Static<typeof AiPreset>;

/** A preset as the person saves it: the id is the device's, so a save sent twice makes one preset. */
export const AiPresetSave = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: AI_PRESET_LIMITS.nameChars }),
    settings: GenerationSettings,
    extra: Type.Optional(Type.String({ maxLength: 256 * 1024 })),
  },
  { additionalProperties: false },
);
export type AiPresetSave = Static<typeof AiPresetSave>;

export const AiSettingsOverview = Type.Object({
  /** What a chat without settings of its own uses. */
  defaults: GenerationSettings,
  /** Oldest first. */
  presets: Type.Array(AiPreset),
  /** The largest context size this server allows (its LLM_CONTEXT_TOKENS). */
  context_cap: Type.Integer(),
  /** The models a chat may pick, the server's default first (LLM_MODEL, then LLM_MODELS). */
  models: Type.Array(Type.String()),
});
export type AiSettingsOverview = Static<typeof AiSettingsOverview>;

export const ChatAiSettings = Type.Object({
  /** What the chat's replies are written with: its own settings, else the person's defaults. */
  settings: GenerationSettings,
  /** true: the chat has settings of its own; false: it follows the defaults. */
  own: Type.Boolean(),
});
export type ChatAiSettings = Static<typeof ChatAiSettings>;

export const getAiSettings = { ...routes.getAiSettings, response: { 200: AiSettingsOverview } } satisfies Endpoint;
export const putDefaultAiSettings = {
  ...routes.putDefaultAiSettings,
  body: GenerationSettings,
  response: { 200: GenerationSettings },
} satisfies Endpoint;
export const getChatAiSettings = {
  ...routes.getChatAiSettings,
  params: ChatIdParams,
  response: { 200: ChatAiSettings },
} satisfies Endpoint;
export const putChatAiSettings = {
  ...routes.putChatAiSettings,
  params: ChatIdParams,
  body: GenerationSettings,
  response: { 200: ChatAiSettings },
} satisfies Endpoint;
export const deleteChatAiSettings = {
  ...routes.deleteChatAiSettings,
  params: ChatIdParams,
  response: { 200: ChatAiSettings },
} satisfies Endpoint;
/** Creates the preset under the device's id, or replaces the person's own (a rename, new settings). */
export const putAiPreset = { ...routes.putAiPreset, params: IdParams, body: AiPresetSave, response: { 200: AiPreset } } satisfies Endpoint;
export const deleteAiPreset = { ...routes.deleteAiPreset, params: IdParams, response: { 200: SuccessResponse } } satisfies Endpoint;
