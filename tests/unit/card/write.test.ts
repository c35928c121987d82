import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '@core/card/base64';
import { readCard } from '@core/card/read';
import { writeCard } from '@core/card/write';
import { concatBytes, encodeChunk, encodeTextChunk, makePng } from '@core/card/png';
import type { Card } from '@core/card/types';
import { cardTextChunk, expectCardError, fullCard, keywordOf, listChunks, pngWith } from './helpers';

function chunkJson(png: Uint8Array, keyword: string): Record<string, unknown> {
  const chunk = listChunks(png).find((candidate) => candidate.type === 'tEXt' && keywordOf(candidate) === keyword)!;
  return JSON.parse(new TextDecoder().decode(decodeBase64(chunk.data.subarray(keyword.length + 1)))) as Record<string, unknown>;
}

describe('writeCard', () => {
  it('keeps every field through write then read, unknown fields included', () => {
    const card = fullCard();
    const result = readCard(writeCard(makePng({ width: 8, height: 6 }), card));
    expect(result.card).toEqual(card);
    expect(result).toMatchObject({ format: 'v3', keyword: 'ccv3', width: 8, height: 6 });
  });

  it('writes chara (V2, with the V1 mirror) then ccv3 (V3) as tEXt just before IEND', () => {
    const png = writeCard(makePng({ width: 1, height: 1 }), fullCard());
    expect(listChunks(png).map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'tEXt', 'IEND']);
    expect(listChunks(png).slice(2, 4).map(keywordOf)).toEqual(['chara', 'ccv3']);

    const v2 = chunkJson(png, 'chara');
    expect(v2).toMatchObject({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      name: 'Mira Vell',
      first_mes: fullCard().data.first_mes,
      x_unknown_top: ['kept', 42],
    });
    const v2data = v2.data as Record<string, unknown>;
    expect(v2data).toMatchObject({
      name: 'Mira Vell',
      extensions: fullCard().data.extensions,
      character_book: fullCard().data.character_book,
      x_unknown_in_data: fullCard().data.x_unknown_in_data,
    });
    for (const v3only of [
      'nickname',
      'assets',
      'group_only_greetings',
      'source',
      'creation_date',
      'modification_date',
      'creator_notes_multilingual',
    ]) {
      expect(v2data).not.toHaveProperty(v3only);
    }

    const v3 = chunkJson(png, 'ccv3');
    expect(v3).toEqual({ spec: 'chara_card_v3', spec_version: '3.0', data: fullCard().data, x_unknown_top: ['kept', 42] });
  });

  it('the chara chunk alone reads back as the same card minus the V3-only fields', () => {
    const png = writeCard(makePng({ width: 1, height: 1 }), fullCard());
    const ccv3 = readCard(png).textChunks.find((chunk) => chunk.keyword === 'ccv3')!;
    const charaOnly = concatBytes([png.subarray(0, ccv3.start), png.subarray(ccv3.end)]);
    const result = readCard(charaOnly);
    expect(result).toMatchObject({ keyword: 'chara', format: 'v2' });
    const { nickname, assets, source, creation_date, modification_date, creator_notes_multilingual, ...v2fields } = fullCard().data;
    expect(result.card.data).toEqual({ ...v2fields, group_only_greetings: [] });
    expect(result.card.spec_version).toBe('2.0');
  });

  it('replaces old chara/ccv3 chunks of any type and keeps every other chunk byte for byte', () => {
    const others = [
      encodeChunk('pHYs', Uint8Array.of(0, 0, 11, 19, 0, 0, 11, 19, 1)),
      encodeTextChunk('tEXt', 'Comment', 'made by hand'),
      cardTextChunk('naidata', { name: 'nai' }),
      encodeTextChunk('iTXt', 'Description', 'ünïcode', { compressed: true }),
    ];
    const old = makePng({
      width: 2,
      height: 2,
      chunks: [
        others[0]!,
        cardTextChunk('chara', { name: 'Old' }),
        others[1]!,
        cardTextChunk('ccv3', { spec: 'chara_card_v3', data: { name: 'Old' } }, 'iTXt', true),
        others[2]!,
        cardTextChunk('CHARA', { name: 'Old' }, 'zTXt'),
        others[3]!,
      ],
    });
    const png = writeCard(old, fullCard());
    const chunks = listChunks(png);
    const texts = chunks.filter((chunk) => ['tEXt', 'zTXt', 'iTXt'].includes(chunk.type)).map(keywordOf);
    expect(texts.filter((keyword) => keyword.toLowerCase() === 'chara')).toEqual(['chara']);
    expect(texts.filter((keyword) => keyword.toLowerCase() === 'ccv3')).toEqual(['ccv3']);
    const before = listChunks(old).filter(
      (chunk) => !['chara', 'ccv3'].includes(keywordOf(chunk).toLowerCase()) || !['tEXt', 'zTXt', 'iTXt'].includes(chunk.type),
    );
    const after = chunks.filter((chunk) => !['chara', 'ccv3'].includes(keywordOf(chunk)) || chunk.type !== 'tEXt');
    expect(after.map((chunk) => [...chunk.bytes])).toEqual(before.map((chunk) => [...chunk.bytes]));
    expect(readCard(png).card).toEqual(fullCard());
  });

  it('writing twice gives the same bytes', () => {
    const once = writeCard(makePng({ width: 2, height: 2 }), fullCard());
    expect(writeCard(once, fullCard())).toEqual(once);
  });

  it('upgrades V1 and V2 cards to ccv3 3.0 and keeps a newer V3 version', () => {
    const v1 = readCard(pngWith(cardTextChunk('chara', { name: 'Old Tom', avatar: 'none' }))).card;
    const rewritten = readCard(writeCard(makePng({ width: 1, height: 1 }), v1)).card;
    expect(rewritten).toEqual({ ...v1, spec_version: '3.0' });
    const future: Card = { ...fullCard(), spec_version: '3.1' };
    expect(readCard(writeCard(makePng({ width: 1, height: 1 }), future)).card.spec_version).toBe('3.1');
  });

  it('refuses an input that is not a sound PNG, or a result readCard would refuse', () => {
    expectCardError(() => writeCard(new Uint8Array(10), fullCard()), 'bad_signature');
    expectCardError(() => writeCard(makePng({ width: 1, height: 1 }).subarray(0, 40), fullCard()), 'corrupt_png');
    expectCardError(() => writeCard(makePng({ width: 1, height: 1 }), fullCard(), { limits: { maxTextBytes: 100 } }), 'text_too_large');
    expectCardError(() => writeCard(makePng({ width: 1, height: 1 }), fullCard(), { limits: { maxFileBytes: 1000 } }), 'too_large_as_png');
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expectCardError(() => writeCard(makePng({ width: 1, height: 1 }), { ...fullCard(), deep }), 'too_deep');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectCardError(() => writeCard(makePng({ width: 1, height: 1 }), { ...fullCard(), cyclic }), 'invalid_card');
  });
});
