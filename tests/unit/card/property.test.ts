/**
 * Property tests: malformed input of any kind only ever produces CardError, and any card survives
 * write → read. (Timing is not asserted here, by the project's rule; the bench measures it.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardError } from '@core/card/errors';
import { PNG_SIGNATURE, concatBytes, crc32, encodeChunk, encodeTextChunk, makePng } from '@core/card/png';
import { readCard } from '@core/card/read';
import type { Card } from '@core/card/types';
import { writeCard } from '@core/card/write';
import { base64Of, cardTextChunk, fullCard, ihdrChunk, pngWith } from './helpers';

function onlyCardError(fn: () => unknown): ReturnType<typeof readCard> | undefined {
  try {
    return fn() as ReturnType<typeof readCard>;
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    return undefined;
  }
}

/** What every successfully read card must look like, however odd its JSON was. */
function expectCardShape(card: Card): void {
  expect(card.spec).toBe('chara_card_v3');
  expect(typeof card.spec_version).toBe('string');
  for (const key of [
    'name',
    'description',
    'personality',
    'scenario',
    'first_mes',
    'mes_example',
    'creator_notes',
    'system_prompt',
    'post_history_instructions',
    'creator',
    'character_version',
  ] as const) {
    expect(typeof card.data[key]).toBe('string');
  }
  for (const key of ['alternate_greetings', 'tags', 'group_only_greetings'] as const) {
    expect(card.data[key].every((item) => typeof item === 'string')).toBe(true);
  }
  expect(card.data.extensions !== null && typeof card.data.extensions === 'object' && !Array.isArray(card.data.extensions)).toBe(true);
}

/** Rewrites every CRC it can reach, so mutations get past the CRC check into the decoders. */
function fixCrcs(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let pos = 8; pos + 12 <= bytes.length;) {
    const length = view.getUint32(pos);
    if (length > bytes.length - pos - 12) break;
    view.setUint32(pos + 8 + length, crc32(bytes, pos + 4, pos + 8 + length));
    pos += 12 + length;
  }
  return bytes;
}

const v1 = { name: 'Old Tom', description: 'A ferryman.', personality: 'gruff', scenario: 'A river.', first_mes: 'Fare.', mes_example: '' };
const validPngs = [
  writeCard(makePng({ width: 2, height: 2 }), fullCard()),
  pngWith(cardTextChunk('chara', v1, 'zTXt')),
  pngWith(cardTextChunk('ccv3', { spec: 'chara_card_v3', data: { name: 'x', tags: ['a'] } }, 'iTXt', true)),
  pngWith(cardTextChunk('naidata', v1, 'iTXt')),
];

const edits = fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 8 });

function mutate(png: Uint8Array, changes: { at: number; value: number }[], cut: number | null): Uint8Array {
  const bytes = png.slice();
  for (const { at, value } of changes) bytes[at % bytes.length] = value;
  return cut === null ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
}

describe('only CardError escapes', () => {
  it('random byte mutations and truncations of valid cards', () => {
    fc.assert(
      fc.property(fc.constantFrom(...validPngs), edits, fc.option(fc.nat()), (png, changes, cut) => {
        onlyCardError(() => readCard(mutate(png, changes, cut)));
      }),
      { numRuns: 500 },
    );
  });

  it('mutations with every CRC fixed, so they reach the text decoders', () => {
    fc.assert(
      fc.property(fc.constantFrom(...validPngs), edits, fc.option(fc.nat()), (png, changes, cut) => {
        const result = onlyCardError(() => readCard(fixCrcs(mutate(png, changes, cut))));
        if (result) expectCardShape(result.card);
      }),
      { numRuns: 500 },
    );
  });

  it('mutations of the card JSON text', () => {
    const text = JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: fullCard().data });
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.nat(), char: fc.constantFrom(...'{}[]",:\\0a-e ') }), { maxLength: 6 }), (changes) => {
        const chars = [...text];
        for (const { at, char } of changes) chars[at % chars.length] = char;
        const result = onlyCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'ccv3', base64Of(chars.join(''))))));
        if (result) expectCardShape(result.card);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON shaped like a card, in any keyword', () => {
    const keys = [
      'name',
      'description',
      'tags',
      'alternate_greetings',
      'extensions',
      'character_book',
      'nickname',
      'assets',
      'source',
      'creation_date',
      'creator_notes_multilingual',
      'group_only_greetings',
      '__proto__',
      'constructor',
    ];
    const json = fc.jsonValue({ maxDepth: 3 });
    const cardish = fc.record(
      {
        spec: fc.oneof(fc.constantFrom('chara_card_v2', 'chara_card_v3'), json),
        spec_version: json,
        name: json,
        description: json,
        data: fc.oneof(json, fc.dictionary(fc.constantFrom(...keys), json)),
        extra: json,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(cardish, json), fc.constantFrom('chara', 'ccv3', 'naidata'), (value, keyword) => {
        const result = onlyCardError(() => readCard(pngWith(encodeTextChunk('tEXt', keyword, base64Of(JSON.stringify(value) ?? '')))));
        if (result) expectCardShape(result.card);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('random bytes, with and without a PNG signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.boolean(), (bytes, signed) => {
        onlyCardError(() => readCard(signed ? concatBytes([PNG_SIGNATURE, bytes]) : bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('random chunk sequences with valid CRCs', () => {
    const chunk = fc
      .record({
        type: fc.constantFrom('IHDR', 'IDAT', 'IEND', 'tEXt', 'zTXt', 'iTXt', 'pHYs'),
        data: fc.uint8Array({ maxLength: 40 }),
        keyword: fc.constantFrom('', 'chara', 'ccv3', 'naidata'),
      })
      .map(({ type, data, keyword }) =>
        encodeChunk(type, concatBytes([new TextEncoder().encode(keyword), keyword ? Uint8Array.of(0) : new Uint8Array(0), data])),
      );
    fc.assert(
      fc.property(fc.boolean(), fc.array(chunk, { maxLength: 8 }), (withIhdr, chunks) => {
        onlyCardError(() => readCard(concatBytes([PNG_SIGNATURE, ...(withIhdr ? [ihdrChunk(4, 4)] : []), ...chunks])));
      }),
      { numRuns: 500 },
    );
  });
});

describe('round trip: readCard(writeCard(png, card)).card equals card', () => {
  const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);
  const KNOWN_DATA = new Set(Object.keys(fullCard().data));
  const RESERVED_TOP = new Set([
    'spec',
    'spec_version',
    'data',
    'name',
    'description',
    'personality',
    'scenario',
    'first_mes',
    'mes_example',
  ]);
  const hasUnsafeKey = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && Object.entries(value).some(([key, item]) => UNSAFE.has(key) || hasUnsafeKey(item));
  // What a JSON round trip can carry: -0 becomes 0, and unsafe keys are dropped by design.
  const json = fc
    .jsonValue({ maxDepth: 3 })
    .map((value) => JSON.parse(JSON.stringify(value)) as unknown)
    .filter((value) => !hasUnsafeKey(value));
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  );
  const texts = fc.array(text, { maxLength: 4 });
  const dict = (keys: fc.Arbitrary<string>) => fc.dictionary(keys, json, { maxKeys: 4 });
  const safeKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !UNSAFE.has(key));
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));

  const data = fc.record(
    {
      name: text,
      description: text,
      personality: text,
      scenario: text,
      first_mes: text,
      mes_example: text,
      creator_notes: text,
      system_prompt: text,
      post_history_instructions: text,
      creator: text,
      character_version: text,
      alternate_greetings: texts,
      tags: texts,
      group_only_greetings: texts,
      extensions: dict(safeKey),
      character_book: dict(safeKey),
      nickname: text,
      assets: fc.array(json, { maxLength: 3 }),
      creator_notes_multilingual: fc.dictionary(safeKey, text, { maxKeys: 3 }),
      source: texts,
      creation_date: finite,
      modification_date: finite,
    },
    {
      requiredKeys: [
        'name',
        'description',
        'personality',
        'scenario',
        'first_mes',
        'mes_example',
        'creator_notes',
        'system_prompt',
        'post_history_instructions',
        'creator',
        'character_version',
        'alternate_greetings',
        'tags',
        'group_only_greetings',
        'extensions',
      ],
    },
  );
  const cards: fc.Arbitrary<Card> = fc
    .record({
      data,
      dataExtra: dict(safeKey.filter((key) => !KNOWN_DATA.has(key))),
      topExtra: dict(safeKey.filter((key) => !RESERVED_TOP.has(key))),
      spec_version: fc.constantFrom('3.0', '3.1', '3.10'),
    })
    .map(({ data, dataExtra, topExtra, spec_version }) => ({
      ...topExtra,
      spec: 'chara_card_v3' as const,
      spec_version,
      data: { ...dataExtra, ...data },
    }));

  it('for arbitrary cards', () => {
    const png = makePng({ width: 3, height: 3 });
    fc.assert(
      fc.property(cards, (card) => {
        expect(readCard(writeCard(png, card)).card).toEqual(card);
      }),
      { numRuns: 300 },
    );
  });

  it('over a PNG that already carries a card, leaving exactly one chara and one ccv3', () => {
    const png = writeCard(makePng({ width: 3, height: 3 }), fullCard());
    fc.assert(
      fc.property(cards, (card) => {
        const result = readCard(writeCard(png, card));
        expect(result.card).toEqual(card);
        expect(result.textChunks.map((chunk) => chunk.keyword)).toEqual(['chara', 'ccv3']);
      }),
      { numRuns: 100 },
    );
  });
});
