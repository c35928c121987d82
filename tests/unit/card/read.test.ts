import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readCard } from '@core/card/read';
import { writeCard } from '@core/card/write';
import { encodeTextChunk, makePng } from '@core/card/png';
import { base64Of, cardTextChunk, expectCardError, fullCard, pngWith } from './helpers';

const v1 = {
  name: 'Old Tom',
  description: 'A ferryman.',
  personality: 'gruff',
  scenario: 'A river crossing.',
  first_mes: 'Fare, please.',
  mes_example: '<START>',
  avatar: 'none',
  chat: 'Old Tom - 2023-5-1',
  create_date: '2023-5-1',
};

const v2 = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  name: 'stale mirror',
  talkativeness: '0.5',
  data: {
    name: 'Ada',
    description: 'An engineer.',
    personality: 'curious',
    scenario: 'A workshop.',
    first_mes: 'Hello, {{user}}.',
    mes_example: '',
    creator_notes: 'notes',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: ['Hi again.'],
    tags: ['science'],
    creator: 'me',
    character_version: '1',
    extensions: { world: 'Lab' },
    character_book: { entries: [{ keys: ['a'], content: 'b' }], extensions: {} },
    data_extra: 7,
  },
};

describe('readCard: formats', () => {
  it('reads a V1 card: flat fields move into data, other top-level fields stay', () => {
    const result = readCard(pngWith(cardTextChunk('chara', v1)));
    expect(result.format).toBe('v1');
    expect(result.keyword).toBe('chara');
    expect(result.card.spec).toBe('chara_card_v3');
    expect(result.card.spec_version).toBe('1.0');
    expect(result.card.data).toMatchObject({
      name: 'Old Tom',
      description: 'A ferryman.',
      personality: 'gruff',
      scenario: 'A river crossing.',
      first_mes: 'Fare, please.',
      mes_example: '<START>',
    });
    expect(result.card.data).toMatchObject({
      creator_notes: '',
      system_prompt: '',
      alternate_greetings: [],
      tags: [],
      extensions: {},
      group_only_greetings: [],
    });
    expect(result.card.data.character_book).toBeUndefined();
    expect(result.card).toMatchObject({ avatar: 'none', chat: 'Old Tom - 2023-5-1', create_date: '2023-5-1' });
    expect(result.card).not.toHaveProperty('name');
  });

  it('reads a V2 card: data is canonical, the top-level V1 mirror is dropped, unknown fields kept', () => {
    const { card, format } = readCard(pngWith(cardTextChunk('chara', v2)));
    expect(format).toBe('v2');
    expect(card.spec_version).toBe('2.0');
    expect(card.data.name).toBe('Ada');
    expect(card.data.alternate_greetings).toEqual(['Hi again.']);
    expect(card.data.extensions).toEqual({ world: 'Lab' });
    expect(card.data.character_book).toEqual(v2.data.character_book);
    expect(card.data.data_extra).toBe(7);
    expect(card.talkativeness).toBe('0.5');
    expect(card).not.toHaveProperty('name');
  });

  it('reads a V3 card with its V3 fields', () => {
    const { card, format } = readCard(
      pngWith(cardTextChunk('ccv3', { spec: 'chara_card_v3', spec_version: '3.0', data: fullCard().data })),
    );
    expect(format).toBe('v3');
    const { x_unknown_top, ...withoutTopExtra } = fullCard();
    expect(card).toEqual(withoutTopExtra);
  });

  it('fills a field a sloppy V2 writer left out of data from the top-level mirror', () => {
    const { card } = readCard(pngWith(cardTextChunk('chara', { spec: 'chara_card_v2', name: 'Top', data: { description: 'd' } })));
    expect(card.data.name).toBe('Top');
    expect(card.data.description).toBe('d');
  });

  it('coerces interpreted fields of the wrong type and keeps carried ones as they are', () => {
    const { card } = readCard(
      pngWith(
        cardTextChunk('chara', {
          spec: 'chara_card_v2',
          data: {
            name: 42,
            description: null,
            tags: 'a, b ,,c',
            alternate_greetings: ['x', 3, null, { y: 1 }],
            extensions: [],
            character_book: null,
            creation_date: 'yesterday',
            nickname: 5,
          },
        }),
      ),
    );
    expect(card.data).toMatchObject({
      name: '42',
      description: '',
      tags: ['a', 'b', 'c'],
      alternate_greetings: ['x', '3'],
      extensions: {},
    });
    expect(card.data).not.toHaveProperty('character_book');
    expect(card.data).not.toHaveProperty('creation_date');
    expect(card.data).not.toHaveProperty('nickname');
  });

  it('returns the image size and where every card chunk sits', () => {
    const png = makePng({ width: 3, height: 5, chunks: [cardTextChunk('chara', v1), cardTextChunk('naidata', v1)] });
    const result = readCard(png);
    expect(result).toMatchObject({ width: 3, height: 5 });
    expect(result.textChunks.map((chunk) => [chunk.type, chunk.keyword])).toEqual([
      ['tEXt', 'chara'],
      ['tEXt', 'naidata'],
    ]);
    const [first] = result.textChunks;
    expect(new DataView(png.buffer).getUint32(first!.start)).toBe(first!.end - first!.start - 12);
    expect(result.textChunks[1]!.end).toBe(png.length - 12);
  });
});

describe('readCard: keywords and chunk types', () => {
  it('prefers ccv3 over chara wherever they sit', () => {
    const result = readCard(pngWith(cardTextChunk('ccv3', { spec: 'chara_card_v3', data: { name: 'three' } }), cardTextChunk('chara', v2)));
    expect(result.keyword).toBe('ccv3');
    expect(result.card.data.name).toBe('three');
    const reversed = readCard(
      pngWith(cardTextChunk('chara', v2), cardTextChunk('ccv3', { spec: 'chara_card_v3', data: { name: 'three' } })),
    );
    expect(reversed.card.data.name).toBe('three');
  });

  it('prefers chara over naidata, and reads naidata alone', () => {
    expect(readCard(pngWith(cardTextChunk('naidata', { name: 'nai' }), cardTextChunk('chara', v1))).keyword).toBe('chara');
    const nai = readCard(pngWith(cardTextChunk('naidata', { name: 'nai' })));
    expect(nai.keyword).toBe('naidata');
    expect(nai.card.data.name).toBe('nai');
  });

  it('matches keywords case-insensitively, as SillyTavern does, but never by prefix', () => {
    expect(readCard(pngWith(cardTextChunk('Chara', v1))).card.data.name).toBe('Old Tom');
    expectCardError(() => readCard(pngWith(cardTextChunk('chara-ext-asset_:x', v1), cardTextChunk('charac', v1))), 'no_card');
  });

  it('uses the first chunk of a keyword', () => {
    expect(readCard(pngWith(cardTextChunk('chara', { name: 'first' }), cardTextChunk('chara', { name: 'second' }))).card.data.name).toBe(
      'first',
    );
  });

  it.each([
    ['zTXt', false],
    ['iTXt', false],
    ['iTXt', true],
  ] as const)('reads a card from %s (compressed: %s)', (type, compressed) => {
    const result = readCard(pngWith(cardTextChunk('chara', v2, type, compressed)));
    expect(result.card.data.name).toBe('Ada');
    expect(result.textChunks[0]!.type).toBe(type);
  });

  it('skips iTXt language and translated keyword', () => {
    const chunk = encodeTextChunk('iTXt', 'ccv3', base64Of(JSON.stringify({ spec: 'chara_card_v3', data: { name: 'Émile' } })), {
      language: 'fr',
      translatedKeyword: 'carte',
      compressed: true,
    });
    expect(readCard(pngWith(chunk)).card.data.name).toBe('Émile');
  });

  it('falls back to chara when ccv3 is unusable', () => {
    const result = readCard(pngWith(encodeTextChunk('tEXt', 'ccv3', 'not base64!'), cardTextChunk('chara', v1)));
    expect(result.keyword).toBe('chara');
  });

  it('reports the winning chunk’s problem when no chunk is usable', () => {
    expectCardError(
      () => readCard(pngWith(encodeTextChunk('tEXt', 'ccv3', 'not base64!'), encodeTextChunk('tEXt', 'chara', base64Of('{')))),
      'bad_base64',
    );
  });

  it('ignores other text chunks', () => {
    const result = readCard(
      pngWith(encodeTextChunk('tEXt', 'Comment', 'hello'), encodeTextChunk('tEXt', 'Software', 'x'), cardTextChunk('chara', v1)),
    );
    expect(result.textChunks).toHaveLength(1);
  });

  it('says so when there is no card', () => {
    expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'Comment', 'hello'))), 'no_card');
    expectCardError(() => readCard(makePng({ width: 1, height: 1 })), 'no_card');
  });

  it('reads a Node Buffer that is a view at an offset into a larger pool, as the server will pass', () => {
    const png = writeCard(makePng({ width: 4, height: 4 }), fullCard());
    const pooled = Buffer.concat([Buffer.alloc(13, 0xee), Buffer.from(png), Buffer.alloc(5)]).subarray(13, 13 + png.length);
    expect(pooled.byteOffset).toBeGreaterThan(0);
    expect(readCard(pooled).card).toEqual(fullCard());
    expect(readCard(writeCard(pooled, fullCard())).card).toEqual(fullCard());
  });

  it('reads what writeCard wrote', () => {
    const png = writeCard(makePng({ width: 4, height: 4 }), fullCard());
    expect(readCard(png).card).toEqual(fullCard());
  });
});
