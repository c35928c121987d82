/** SillyTavern preset files in and out of the device: read from a chosen file, written as a download. */
import { presetFile, readPresetFile } from '@core/aiSettings/sillyTavernPreset';
import type { AiPreset } from '@core/contract';
import { saveBlob } from '../../lib/saveFile';

/** The preset a file holds, under a new id; or why it is not one (naming the file), and nothing is kept. */
export async function presetFromFile(file: File): Promise<{ preset: AiPreset } | { problem: string }> {
  const read = readPresetFile(file.name, await file.text());
  if (!read.ok) return { problem: read.message };
  const now = new Date().toISOString();
  return {
    preset: {
      id: crypto.randomUUID(),
      name: read.name,
      settings: read.settings,
      extra: JSON.stringify(read.extra),
      created_at: now,
      updated_at: now,
    },
  };
}

/** Downloads the preset as SillyTavern's Chat Completion preset file: its kept fields as they came. */
export function downloadPreset(preset: AiPreset): void {
  const file = presetFile(preset.settings, JSON.parse(preset.extra) as Record<string, unknown>);
  saveBlob(new Blob([JSON.stringify(file, null, 4)], { type: 'application/json' }), `${preset.name}.json`);
}
