/**
 * Generation settings and presets: pulled from the server into Dexie, and changed local first (made
 * on the device and queued in one transaction, db/aiSettings.ts), then sent by the outbox's flush,
 * at once when cardchat answers, else when it answers again (sync/send/aiChanges.ts).
 */
import type { GenerationSettings } from '@core/aiSettings/samplers';
import type { AiPreset } from '@core/contract';
import { getAiSettings, getChatAiSettings } from '../api/aiSettings';
import { madeChatSettings, madeDefaults, madePreset, madePresetDelete, storeChatSettings, storeOverview } from '../db/aiSettings';
import { deliverSoon } from './send/changes';

/** The person's defaults and presets, and the chat's own settings when a chat is named. */
export async function pullAiSettings(chatId?: string): Promise<void> {
  const [overview, chat] = await Promise.all([getAiSettings(), chatId ? getChatAiSettings(chatId) : undefined]);
  await storeOverview(overview);
  if (chatId && chat) await storeChatSettings(chatId, chat.own ? chat.settings : null);
}

export async function changeDefaults(settings: GenerationSettings): Promise<void> {
  await madeDefaults(settings);
  deliverSoon();
}

/** The chat's own settings; null: it follows the person's defaults again. */
export async function changeChatSettings(chatId: string, settings: GenerationSettings | null): Promise<void> {
  await madeChatSettings(chatId, settings);
  deliverSoon();
}

/** Saves a new preset (an id of the device's) or a changed one (renamed, new settings). */
export async function savePreset(preset: AiPreset): Promise<void> {
  await madePreset(preset);
  deliverSoon();
}

export async function deletePreset(id: string): Promise<void> {
  await madePresetDelete(id);
  deliverSoon();
}
