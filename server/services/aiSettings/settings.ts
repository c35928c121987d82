/** A person's default generation settings and each chat's own: read, checked, stored. */
import type { GenerationSettings } from '@core/aiSettings/index';
import type { AiSettingsOverview, ChatAiSettings } from '@core/contract';
import { chatKey, defaultsKey, deleteSettings, findSettings, listPresets, saveSettings } from '../../db/repositories/aiSettings';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { ownChat } from '../chats/reads';
import { checkedSettings } from './checked';
import { presetOf } from './presets';

const parsed = (json: string | undefined): GenerationSettings | undefined => (json === undefined ? undefined : JSON.parse(json));

/** Settings a chat will use: its context size up to the operator's. */
const checkedForChat = (ctx: ServiceContext, settings: GenerationSettings) =>
  checkedSettings(settings, ctx.config.llm.contextTokens, ctx.config.llm.models);

/**
 * What a chat's replies are written with: its own settings, else its owner's defaults, else none
 * (the operator's LLM_TEMPERATURE and LLM_MAX_TOKENS). One query.
 */
export async function settingsOfChat(ctx: ServiceContext, userId: string, chatId: string): Promise<ChatAiSettings> {
  const stored = await findSettings(ctx.db, userId, [chatKey(chatId), defaultsKey(userId)]);
  const own = parsed(stored.get(chatKey(chatId)));
  return { settings: own ?? parsed(stored.get(defaultsKey(userId))) ?? {}, own: own !== undefined };
}

export async function aiSettingsOverview(ctx: ServiceContext, user: RequestUser): Promise<AiSettingsOverview> {
  const [stored, presets] = await Promise.all([findSettings(ctx.db, user.id, [defaultsKey(user.id)]), listPresets(ctx.db, user.id)]);
  return {
    defaults: parsed(stored.get(defaultsKey(user.id))) ?? {},
    presets: presets.map(presetOf),
    context_cap: ctx.config.llm.contextTokens,
    models: ctx.config.llm.models,
  };
}

export async function putDefaults(ctx: ServiceContext, user: RequestUser, settings: GenerationSettings): Promise<GenerationSettings> {
  const clean = checkedForChat(ctx, settings);
  const row = { id: defaultsKey(user.id), user_id: user.id, chat_id: null, settings: JSON.stringify(clean) };
  await saveSettings(ctx.db, { ...row, updated_at: new Date().toISOString() });
  return clean;
}

export async function chatAiSettings(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatAiSettings> {
  await ownChat(ctx, user, chatId);
  return settingsOfChat(ctx, user.id, chatId);
}

export async function putChatSettings(
  ctx: ServiceContext,
  user: RequestUser,
  chatId: string,
  settings: GenerationSettings,
): Promise<ChatAiSettings> {
  await ownChat(ctx, user, chatId);
  const clean = checkedForChat(ctx, settings);
  const row = { id: chatKey(chatId), user_id: user.id, chat_id: chatId, settings: JSON.stringify(clean) };
  await saveSettings(ctx.db, { ...row, updated_at: new Date().toISOString() });
  return { settings: clean, own: true };
}

/** The chat follows the person's defaults again. */
export async function clearChatSettings(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatAiSettings> {
  await ownChat(ctx, user, chatId);
  await deleteSettings(ctx.db, user.id, chatKey(chatId));
  return settingsOfChat(ctx, user.id, chatId);
}

/** What one reply of the chat is written with: the settings to send, and the prompt's sizes under them. */
export async function generationOf(ctx: ServiceContext, userId: string, chatId: string) {
  const { settings: chosen } = await settingsOfChat(ctx, userId, chatId);
  // A model the operator stopped offering since it was chosen gives way to LLM_MODEL.
  const { model, ...rest } = chosen;
  const settings: GenerationSettings = model && ctx.config.llm.models.includes(model) ? chosen : rest;
  // Used up to the operator's limit even if it was lowered after the person chose a larger one.
  const contextTokens = Math.min(ctx.config.llm.contextTokens, settings.context_tokens ?? Infinity);
  // The reply's room never takes more than half the prompt, however the two were chosen.
  const replyTokens = Math.min(settings.max_tokens ?? ctx.config.llm.maxTokens, Math.floor(contextTokens / 2));
  // The model that writes the reply, stored with it; none for the demo.
  const writer = ctx.ai.kind === 'demo' ? null : (settings.model ?? ctx.config.llm.model);
  return { sampling: settings, contextTokens, replyTokens, model: writer };
}
