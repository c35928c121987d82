// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetFile, readPresetFile } from '@core/aiSettings/index';

const DEFAULT_FILE = readFileSync(new URL('../../fixtures/presets/sillytavern-default.json', import.meta.url), 'utf8');

describe("SillyTavern's Chat Completion presets", () => {
  it("reads SillyTavern's default preset: the samplers it sets, the switched-off ones left unset", () => {
    const read = readPresetFile('Default.json', DEFAULT_FILE);
    expect(read).toMatchObject({ ok: true, name: 'Default' });
    if (!read.ok) throw new Error(read.message);
    expect(read.settings).toEqual({
      temperature: 1,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      max_tokens: 300,
      context_tokens: 4095,
    });
    // Everything else is kept for the export, the prompts and the fields we have no use for included.
    expect(read.extra).toMatchObject({ top_a: 0, openai_model: 'gpt-4-turbo', seed: -1 });
    expect(read.extra.prompts).toHaveLength(2);
    expect(Object.keys(read.extra)).not.toContain('temperature');
  });

  it('writes back the file it read, unknown fields and switched-off samplers as they were', () => {
    const read = readPresetFile('Default.json', DEFAULT_FILE);
    if (!read.ok) throw new Error(read.message);
    expect(presetFile(read.settings, read.extra)).toEqual(JSON.parse(DEFAULT_FILE));
  });

  it('writes changed settings over the file it came from', () => {
    const read = readPresetFile('Default.json', DEFAULT_FILE);
    if (!read.ok) throw new Error(read.message);
    const file = presetFile({ ...read.settings, temperature: 0.7, top_k: 40 }, read.extra);
    expect(file).toMatchObject({ temperature: 0.7, top_k: 40, min_p: 0, openai_max_tokens: 300, prompts: read.extra.prompts });
  });

  it('says by name that a file is not a preset, and reads nothing from it', () => {
    expect(readPresetFile('notes.json', 'hello')).toEqual({
      ok: false,
      message: 'notes.json is not a SillyTavern preset: it is not JSON.',
    });
    expect(readPresetFile('list.json', '[1, 2]')).toEqual({
      ok: false,
      message: 'list.json is not a SillyTavern preset: it holds no settings.',
    });
    expect(readPresetFile('card.json', JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Mira' } }))).toEqual({
      ok: false,
      message: 'card.json is not a SillyTavern Chat Completion preset: it holds none of its sampler settings.',
    });
    expect(readPresetFile('Kobold.json', JSON.stringify({ temp: 0.7, rep_pen: 1.1 }))).toEqual({
      ok: false,
      message: 'Kobold.json is a SillyTavern Text Completion preset: import a Chat Completion preset instead.',
    });
    expect(readPresetFile('odd.json', JSON.stringify({ temperature: 'hot' }))).toEqual({
      ok: false,
      message: 'odd.json is not a preset we can read: temperature is not a number.',
    });
  });

  it('refuses a preset whose numbers are out of range, naming the range', () => {
    expect(readPresetFile('Hot.json', JSON.stringify({ temperature: 3 }))).toEqual({
      ok: false,
      message: 'Hot.json has a setting out of range: Temperature must be between 0 and 2.',
    });
  });

  it('refuses a file too large to be a preset', () => {
    const big = JSON.stringify({ temperature: 1, prompts: ['x'.repeat(300 * 1024)] });
    expect(readPresetFile('big.json', big)).toMatchObject({ ok: false, message: expect.stringContaining('big.json is too large') });
  });
});
