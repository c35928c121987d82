/**
 * Generation settings and presets on the device: what the screens read, and each change made here
 * at once and queued for the server in one transaction (a crash loses neither, and never leaves one
 * without the other), like a change to a message.
 */
import type { GenerationSettings } from '@core/aiSettings/samplers';
import type { AiPreset, AiSettingsOverview } from '@core/contract';
import { db } from './db';
import type { AiChange, LocalAiSettings } from './storyRows';

export const DEFAULTS_KEY = 'defaults';
export const chatSettingsKey = (chatId: string) => `chat:${chatId}`;

/** The person's defaults (with the server's context cap) and the chat's own settings, when it has them. */
export async function localChatSettings(chatId: string): Promise<{ defaults?: LocalAiSettings; own?: LocalAiSettings }> {
  const [defaults, own] = await db.aiSettings.bulkGet([DEFAULTS_KEY, chatSettingsKey(chatId)]);
  return { defaults, own };
}

export const localDefaults = () => db.aiSettings.get(DEFAULTS_KEY);

/** The presets, oldest first. */
export const localPresets = () => db.aiPresets.orderBy('created_at').toArray();

/** What waits for the server, oldest first. */
export const waitingAiChanges = () => db.aiOutbox.orderBy('created_at').toArray();

/** Whether something of this target (a chat, a preset, '' for the defaults) still waits: a pull must not undo it. */
const waitingTargets = async () => new Set((await db.aiOutbox.toArray()).map((change) => change.target));

/** Queued after the newest waiting change, so changes made in one millisecond still go in the order made. */
async function queue(change: Pick<AiChange, 'kind' | 'target' | 'settings' | 'preset'>): Promise<void> {
  const newest = await db.aiOutbox.orderBy('created_at').last();
  const at = Math.max(Date.now(), newest ? Date.parse(newest.created_at) + 1 : 0);
  await db.aiOutbox.add({
    ...change,
    client_id: crypto.randomUUID(),
    created_at: new Date(at).toISOString(),
    attempts: 0,
    last_error: null,
  });
}

const inOneTransaction = (work: () => Promise<void>) => db.transaction('rw', [db.aiSettings, db.aiPresets, db.aiOutbox], work);

export const madeDefaults = (settings: GenerationSettings) =>
  inOneTransaction(async () => {
    const current = await db.aiSettings.get(DEFAULTS_KEY);
    await db.aiSettings.put({ ...current, key: DEFAULTS_KEY, settings });
    await queue({ kind: 'defaults', target: '', settings });
  });

/** The chat's own settings; null: it follows the defaults again. */
export const madeChatSettings = (chatId: string, settings: GenerationSettings | null) =>
  inOneTransaction(async () => {
    if (settings) await db.aiSettings.put({ key: chatSettingsKey(chatId), settings });
    else await db.aiSettings.delete(chatSettingsKey(chatId));
    await queue(settings ? { kind: 'chat', target: chatId, settings } : { kind: 'chat_clear', target: chatId });
  });

export const madePreset = (preset: AiPreset) =>
  inOneTransaction(async () => {
    await db.aiPresets.put(preset);
    await queue({ kind: 'preset_save', target: preset.id, preset: { name: preset.name, settings: preset.settings, extra: preset.extra } });
  });

export const madePresetDelete = (id: string) =>
  inOneTransaction(async () => {
    await db.aiPresets.delete(id);
    await queue({ kind: 'preset_delete', target: id });
  });

export async function recordAiAttempt(clientId: string, error: string): Promise<void> {
  await db.aiOutbox.update(clientId, (change) => {
    change.attempts += 1;
    change.last_error = error;
  });
}

export const removeAiChange = (clientId: string) => db.aiOutbox.delete(clientId);

/**
 * What the server holds replaces the device's copy, except what a waiting change names (it is newer):
 * the defaults and presets from GET /api/ai-settings.
 */
export const storeOverview = (overview: AiSettingsOverview) =>
  inOneTransaction(async () => {
    const waiting = await waitingTargets();
    if (!waiting.has('')) await db.aiSettings.put({ key: DEFAULTS_KEY, settings: overview.defaults, context_cap: overview.context_cap });
    else await db.aiSettings.update(DEFAULTS_KEY, { context_cap: overview.context_cap });
    const kept = (await db.aiPresets.toArray()).filter((preset) => waiting.has(preset.id));
    await db.aiPresets.clear();
    await db.aiPresets.bulkPut([...overview.presets.filter((preset) => !waiting.has(preset.id)), ...kept]);
  });

/** A chat's own settings as the server holds them (none: it follows the defaults), unless a change of it waits. */
export const storeChatSettings = (chatId: string, own: GenerationSettings | null) =>
  inOneTransaction(async () => {
    if ((await waitingTargets()).has(chatId)) return;
    if (own) await db.aiSettings.put({ key: chatSettingsKey(chatId), settings: own });
    else await db.aiSettings.delete(chatSettingsKey(chatId));
  });
