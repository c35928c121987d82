/**
 * Interoperability: cards laid out the way other apps write them (tests/fixtures, see its README).
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readCard } from '@core/card/read';
import { writeCard } from '@core/card/write';
import { concatBytes } from '@core/card/png';
import { sillyTavernCard, tavernAiCard } from '../../fixtures/ecosystem';
import { listChunks } from './helpers';

describe('ecosystem fixtures', () => {
  it('a SillyTavern export: Willow from ccv3 3.0, chara V2 2.0, 4 lorebook entries', () => {
    const png = sillyTavernCard();
    const result = readCard(png);
    expect(result).toMatchObject({ keyword: 'ccv3', format: 'v3', width: 400, height: 600 });
    expect(result.card.data.name).toBe('Willow');
    expect(result.card.spec_version).toBe('3.0');
    expect(result.card.data.character_book?.entries).toHaveLength(4);
    expect(result.card.data.first_mes).not.toBe('');
    expect(result.card).toHaveProperty('create_date'); // SillyTavern's own top-level fields ride along

    const ccv3 = result.textChunks.find((chunk) => chunk.keyword === 'ccv3')!;
    const charaOnly = readCard(concatBytes([png.subarray(0, ccv3.start), png.subarray(ccv3.end)]));
    expect(charaOnly).toMatchObject({ keyword: 'chara', format: 'v2' });
    expect(charaOnly.card.spec_version).toBe('2.0');
    expect(charaOnly.card.data.name).toBe('Willow');
    expect(charaOnly.card.data.character_book?.entries).toHaveLength(4);
  });

  it('an old TavernAI card: a V1 card with flat fields, after pHYs and a split image', () => {
    const result = readCard(tavernAiCard());
    expect(result).toMatchObject({ keyword: 'chara', format: 'v1', width: 120, height: 180 });
    expect(result.card.spec_version).toBe('1.0');
    expect(result.card.data.name).toBe('Pip');
    for (const field of ['description', 'personality', 'first_mes', 'mes_example', 'scenario'] as const) {
      expect(typeof result.card.data[field]).toBe('string');
    }
    expect(result.card.data.description).not.toBe('');
    expect(result.card.data.first_mes).not.toBe('');
  });

  it('rewriting a fixture keeps its image chunks and its card', () => {
    for (const png of [sillyTavernCard(), tavernAiCard()]) {
      const { card } = readCard(png);
      const out = writeCard(png, card);
      const images = (bytes: Uint8Array) =>
        concatBytes(
          listChunks(bytes)
            .filter((chunk) => chunk.type !== 'tEXt')
            .map((chunk) => chunk.bytes),
        );
      expect(Buffer.from(images(out)).equals(Buffer.from(images(png)))).toBe(true);
      expect(readCard(out).card).toEqual({ ...card, spec_version: '3.0' });
    }
  });
});
