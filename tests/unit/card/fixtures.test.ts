/**
 * Interoperability: real cards written by other apps (../shared/fixtures, beside the repository).
 */
import { Buffer } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCard } from '../../../core/card/read';
import { writeCard } from '../../../core/card/write';
import { concatBytes } from '../../../core/card/png';
import { listChunks } from './helpers';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures/cards');
const present = existsSync(dir);
const why = present ? '' : ' (skipped: ../shared/fixtures is absent)';

function load(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(dir, name)));
}

describe(`ecosystem fixtures${why}`, () => {
  it.skipIf(!present)(`seraphina-v2-v3.png (SillyTavern): Seraphina from ccv3 3.0, chara V2 2.0, 4 lorebook entries${why}`, () => {
    const png = load('seraphina-v2-v3.png');
    const result = readCard(png);
    expect(result).toMatchObject({ keyword: 'ccv3', format: 'v3', width: 400, height: 600 });
    expect(result.card.data.name).toBe('Seraphina');
    expect(result.card.spec_version).toBe('3.0');
    expect(result.card.data.character_book?.entries).toHaveLength(4);
    expect(result.card.data.first_mes).not.toBe('');
    expect(result.card).toHaveProperty('create_date'); // SillyTavern's own top-level fields ride along

    const ccv3 = result.textChunks.find((chunk) => chunk.keyword === 'ccv3')!;
    const charaOnly = readCard(concatBytes([png.subarray(0, ccv3.start), png.subarray(ccv3.end)]));
    expect(charaOnly).toMatchObject({ keyword: 'chara', format: 'v2' });
    expect(charaOnly.card.spec_version).toBe('2.0');
    expect(charaOnly.card.data.name).toBe('Seraphina');
    expect(charaOnly.card.data.character_book?.entries).toHaveLength(4);
  });

  it.skipIf(!present)(`aqua-v1.png (TavernAI): a V1 card with flat fields${why}`, () => {
    const result = readCard(load('aqua-v1.png'));
    expect(result).toMatchObject({ keyword: 'chara', format: 'v1', width: 170, height: 234 });
    expect(result.card.spec_version).toBe('1.0');
    expect(result.card.data.name).toBe('Aqua');
    for (const field of ['description', 'personality', 'first_mes', 'mes_example', 'scenario'] as const) {
      expect(typeof result.card.data[field]).toBe('string');
    }
    expect(result.card.data.description).not.toBe('');
    expect(result.card.data.first_mes).not.toBe('');
  });

  it.skipIf(!present)(`rewriting a fixture keeps its image chunks and its card${why}`, () => {
    for (const name of ['seraphina-v2-v3.png', 'aqua-v1.png']) {
      const png = load(name);
      const { card } = readCard(png);
      const out = writeCard(png, card);
      const images = (bytes: Uint8Array) => concatBytes(listChunks(bytes).filter((chunk) => chunk.type !== 'tEXt').map((chunk) => chunk.bytes));
      expect(Buffer.from(images(out)).equals(Buffer.from(images(png)))).toBe(true);
      expect(readCard(out).card).toEqual({ ...card, spec_version: '3.0' });
    }
  });
});
