/**
 * The person's generation settings and presets in the data export: profile.json lists the defaults,
 * each chat's own settings and the presets; each preset is also a SillyTavern Chat Completion preset
 * file in presets/ (its samplers and the fields it was imported with), which SillyTavern and
 * cardchat's own preset import read.
 */
import { presetFile, type GenerationSettings } from '@core/aiSettings/index';
import { listPresets, listSettings } from '../../db/repositories/aiSettings';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import { safeArchiveName, type EntryNames } from '../chats/archive/index';

export interface ExportedAiSettings {
  profile: {
    ai_settings: { defaults: GenerationSettings | null; chats: { chat_id: string; settings: GenerationSettings }[] };
    presets: { id: string; name: string; settings: GenerationSettings; created_at: string; updated_at: string; file: string }[];
  };
  files: { name: string; bytes: Buffer; mtime: Date }[];
}

export async function exportedAiSettings(db: Kysely<Database>, userId: string, names: EntryNames): Promise<ExportedAiSettings> {
  const [rows, presets] = await Promise.all([listSettings(db, userId), listPresets(db, userId)]);
  const defaults = rows.find((row) => row.chat_id === null);
  const files: ExportedAiSettings['files'] = [];
  const listed = presets.map((preset) => {
    const settings = JSON.parse(preset.settings) as GenerationSettings;
    const file = `presets/${names.unique(`${safeArchiveName(preset.name)}.json`)}`;
    const json = presetFile(settings, JSON.parse(preset.extra) as Record<string, unknown>);
    files.push({ name: file, bytes: Buffer.from(`${JSON.stringify(json, null, 4)}\n`), mtime: new Date(preset.updated_at) });
    return { id: preset.id, name: preset.name, settings, created_at: preset.created_at, updated_at: preset.updated_at, file };
  });
  return {
    profile: {
      ai_settings: {
        defaults: defaults ? (JSON.parse(defaults.settings) as GenerationSettings) : null,
        chats: rows
          .filter((row) => row.chat_id !== null)
          .map((row) => ({ chat_id: row.chat_id!, settings: JSON.parse(row.settings) as GenerationSettings })),
      },
      presets: listed,
    },
    files,
  };
}
