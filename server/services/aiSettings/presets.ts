/** Named presets of generation settings: saved (made or replaced under the device's id) and deleted. */
import { NUMBER_RANGES } from '@core/aiSettings/index';
import { AI_PRESET_LIMITS, type AiPreset, type AiPresetSave, type SuccessResponse } from '@core/contract';
import { deletePreset, findPreset, insertPreset, listPresets, updatePreset } from '../../db/repositories/aiSettings';
import type { AiPresetRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { checkedSettings } from './checked';

const presetNotFound = () => notFound('Preset not found');

export const presetOf = (row: AiPresetRow): AiPreset => ({
  id: row.id,
  name: row.name,
  settings: JSON.parse(row.settings),
  extra: row.extra,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The kept fields of a preset file: JSON of an object, or nothing is stored. */
function checkedExtra(extra: string | undefined): string {
  if (extra === undefined) return '{}';
  let value: unknown;
  try {
    value = JSON.parse(extra);
  } catch {
    value = null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('invalid_preset', "The preset's other fields must be a JSON object.");
  return extra;
}

/**
 * Makes the preset under the id the device chose, or replaces the person's own preset of that id; a
 * save sent again (the outbox's replay) changes nothing more. Another person's id is as unknown as a
 * missing one would be to them: 404.
 */
export async function savePreset(ctx: ServiceContext, user: RequestUser, id: string, body: AiPresetSave): Promise<AiPreset> {
  const name = body.name.trim();
  if (!name) throw badRequest('invalid_preset', 'Give the preset a name.');
  // A preset may hold a larger context than this server allows: a chat uses it up to the server's limit.
  const settings = JSON.stringify(checkedSettings(body.settings, NUMBER_RANGES.context_tokens.max, ctx.config.llm.models));
  const extra = checkedExtra(body.extra);
  const at = new Date().toISOString();
  const existing = await findPreset(ctx.db, id);
  if (existing && existing.user_id !== user.id) throw presetNotFound();
  if (existing) {
    const changes = { name, settings, extra: body.extra === undefined ? existing.extra : extra, updated_at: at };
    await updatePreset(ctx.db, id, changes);
    return presetOf({ ...existing, ...changes });
  }
  if ((await listPresets(ctx.db, user.id)).length >= AI_PRESET_LIMITS.count)
    throw badRequest('too_many_presets', `You can keep up to ${AI_PRESET_LIMITS.count} presets. Delete one to save another.`);
  const row: AiPresetRow = { id, user_id: user.id, name, settings, extra, created_at: at, updated_at: at };
  await insertPreset(ctx.db, row);
  return presetOf(row);
}

export async function removePreset(ctx: ServiceContext, user: RequestUser, id: string): Promise<SuccessResponse> {
  if (!(await deletePreset(ctx.db, user.id, id))) throw presetNotFound();
  return { success: true, message: 'Preset deleted' };
}
