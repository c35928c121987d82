import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { CardError, type CardErrorCode, cardErrorMessage } from '@core/card/errors';
import { MAX_FILE_BYTES } from '@core/card/limits';
import { concatBytes, encodeChunk, encodeTextChunk } from '@core/card/png';
import { readCard } from '@core/card/read';
import { checkFile, countsAsCard } from '@core/card/validate';
import { readCardFile } from '@core/card/files';
import { writeCard } from '@core/card/write';
import { craftZip } from '../../support/craftZip';
import { assemble, base64Of, cardTextChunk, expectCardError, ihdrChunk, listChunks, pngWith } from './helpers';

const INVALID = 'PNG must contain valid character card information (chara or ccv3 metadata)';

/** One input per code, with the exact message a user sees. */
const cases: [CardErrorCode, string, () => unknown][] = [
  [
    'unsupported_type',
    'This file type is not supported. Upload a character card as PNG or APNG, JSON (V1, V2, V3), CHARX, YAML, or a JPEG/WebP card from RisuAI.',
    () => checkFile({ type: 'application/pdf', size: 10, name: 'card.pdf' }),
  ],
  ['too_large', 'File size exceeds 20MB limit', () => checkFile({ type: 'image/png', size: MAX_FILE_BYTES + 1 })],
  ['bad_signature', 'Invalid PNG file header', () => readCard(new TextEncoder().encode('GIF89a, not a PNG'))],
  ['corrupt_png', 'The PNG file is damaged or truncated', () => readCard(pngWith(cardTextChunk('chara', { name: 'x' })).subarray(0, 60))],
  ['too_many_pixels', 'The image dimensions are too large', () => readCard(assemble([ihdrChunk(100_000, 100_000)]))],
  ['no_card', 'No character data found in PNG', () => readCard(pngWith())],
  [
    'text_too_large',
    'The character data in the PNG is too large',
    () => readCard(pngWith(cardTextChunk('chara', { name: 'x'.repeat(100) })), { maxTextBytes: 64 }),
  ],
  [
    'inflate_limit',
    'The character data in the PNG is too large',
    () => readCard(pngWith(cardTextChunk('chara', { name: 'x'.repeat(5000) }, 'zTXt')), { maxInflatedBytes: 1000 }),
  ],
  [
    'card_too_large',
    'Character data exceeds 2MB limit',
    () => readCard(pngWith(cardTextChunk('chara', { name: 'x'.repeat(2 * 1024 * 1024) }))),
  ],
  [
    'bad_text_chunk',
    INVALID,
    () => readCard(pngWith(encodeChunk('iTXt', concatBytes([new TextEncoder().encode('chara'), Uint8Array.of(0, 2, 0, 0, 0)])))),
  ],
  [
    'bad_compression',
    INVALID,
    () => readCard(pngWith(encodeChunk('zTXt', concatBytes([new TextEncoder().encode('chara'), Uint8Array.of(0, 0, 1, 2, 3, 4)])))),
  ],
  ['bad_base64', INVALID, () => readCard(pngWith(encodeTextChunk('tEXt', 'chara', 'eyJuYW1lIjoieCJ9!')))],
  ['bad_utf8', INVALID, () => readCard(pngWith(encodeTextChunk('tEXt', 'chara', Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'))))],
  ['bad_json', INVALID, () => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of('{"name": "x",}'))))],
  ['too_deep', INVALID, () => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of('['.repeat(65) + ']'.repeat(65)))))],
  ['invalid_card', INVALID, () => readCard(pngWith(cardTextChunk('chara', { hello: 'world' })))],
];

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The codes only the other file formats reach (readCardFile is async: it may load the YAML parser). */
const fileCases: [CardErrorCode, string, () => Promise<unknown>][] = [
  [
    'invalid_card_file',
    'The file does not hold a valid character card (V1, V2 or V3)',
    () => readCardFile(utf8('{"hello": 1}'), { name: 'a.json' }),
  ],
  [
    'no_card_in_image',
    'No character data found in the image: JPEG and WebP cards must carry a .charx, as RisuAI writes them',
    () => readCardFile(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0), { name: 'a.jpg' }),
  ],
  [
    'bad_archive',
    'The .charx file is damaged or holds no card.json',
    () => readCardFile(craftZip([{ name: 'readme.txt', data: utf8('hi') }])),
  ],
  [
    'unsafe_archive',
    'The .charx file was refused: it names a file outside itself, or one file twice',
    () => readCardFile(craftZip([{ name: '../card.json', data: utf8('{"name":"x"}') }])),
  ],
  [
    'archive_too_large',
    'The .charx file holds too many files, or files that unpack too large',
    () => readCardFile(craftZip([{ name: 'card.json', data: utf8('{"name":"x"}') }]), {}, { maxArchiveEntries: 0 }),
  ],
  [
    'card_file_too_large',
    'The card file is too large: YAML cards may be at most 1MB',
    () => readCardFile(utf8('name: x\n'), { name: 'a.yaml' }, { maxYamlBytes: 4 }),
  ],
  [
    'too_large_as_png',
    'The card and its assets would be larger than 20MB as a PNG',
    async () =>
      writeCard(pngWith(), readCard(pngWith(cardTextChunk('chara', { name: 'x' }))).card, {
        assets: [{ path: '0', data: new Uint8Array(2000) }],
        limits: { maxFileBytes: 1000 },
      }),
  ],
];

describe('CardError: one code per reason, the spec’s message', () => {
  it.each(fileCases)('%s → "%s"', async (code, message, fn) => {
    const error = await fn().then(
      () => expect.fail(`expected CardError ${code}`),
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CardError);
    expect((error as CardError).code).toBe(code);
    expect((error as CardError).message).toBe(message);
  });

  it.each(cases)('%s → "%s"', (code, message, fn) => {
    const error = expectCardError(fn, code);
    expect(error.message).toBe(message);
    expect(cardErrorMessage(code)).toBe(message);
    expect(error.name).toBe('CardError');
    expect(error).toBeInstanceOf(Error);
  });

  it('covers every code', () => {
    const all = Object.keys({
      unsupported_type: 0,
      too_large: 0,
      bad_signature: 0,
      corrupt_png: 0,
      too_many_pixels: 0,
      no_card: 0,
      text_too_large: 0,
      inflate_limit: 0,
      bad_text_chunk: 0,
      bad_compression: 0,
      bad_base64: 0,
      bad_utf8: 0,
      bad_json: 0,
      too_deep: 0,
      invalid_card: 0,
      invalid_card_file: 0,
      no_card_in_image: 0,
      bad_archive: 0,
      unsafe_archive: 0,
      archive_too_large: 0,
      card_file_too_large: 0,
      too_large_as_png: 0,
      card_too_large: 0,
    } satisfies Record<CardErrorCode, 0>);
    expect(new Set([...cases, ...fileCases].map(([code]) => code))).toEqual(new Set(all));
  });

  it('keeps the underlying error as the cause', () => {
    const error = expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of('nope')))), 'bad_json');
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(new CardError('no_card').detail).toBeUndefined();
  });
});

describe('checkFile', () => {
  it('accepts a PNG up to exactly 20MB', () => {
    expect(() => checkFile({ type: 'image/png', size: MAX_FILE_BYTES })).not.toThrow();
    expect(() => checkFile({ type: 'IMAGE/PNG', size: 1 })).not.toThrow();
  });

  it('checks the type before the size, as the spec lists them', () => {
    expectCardError(() => checkFile({ type: 'image/gif', size: MAX_FILE_BYTES * 2, name: 'a.gif' }), 'unsupported_type');
    expectCardError(() => checkFile({ type: 'text/plain', size: 1, name: 'notes.txt' }), 'unsupported_type');
  });

  it('takes every card format by its type or, when the browser declares none, by its name', () => {
    for (const [type, name] of [
      ['image/png', 'a.png'],
      ['image/apng', 'a.apng'],
      ['application/json', 'a.json'],
      ['', 'a.charx'],
      ['', 'a.yaml'],
      ['text/yaml', 'a.yml'],
      ['image/jpeg', 'a.jpg'],
      ['image/webp', 'a.webp'],
      ['application/octet-stream', 'card'],
      ['', undefined],
    ] as const) {
      expect(() => checkFile({ type, size: 1, name })).not.toThrow();
    }
  });

  it('takes a smaller limit', () => {
    expectCardError(() => checkFile({ type: 'image/png', size: 101 }, { maxFileBytes: 100 }), 'too_large');
  });

  it('readCard enforces the file size too', () => {
    expectCardError(() => readCard(pngWith(cardTextChunk('chara', { name: 'x' })), { maxFileBytes: 50 }), 'too_large');
  });
});

describe('countsAsCard (spec §5)', () => {
  it.each([
    [{ name: 'x' }, true],
    [{ data: {} }, true],
    [{ spec: 'chara_card_v3' }, true],
    [{ description: 'x' }, true],
    [{ personality: 'x' }, true],
    [{ scenario: 'x' }, true],
    [{ spec: 'chara_card_v2' }, false],
    [{ first_mes: 'x' }, false],
    [{ name: null }, false],
    [{}, false],
    [[{ name: 'x' }], false],
    ['name', false],
    [null, false],
  ])('%j → %s', (json, expected) => {
    expect(countsAsCard(json)).toBe(expected);
  });

  it('refuses data that is not an object', () => {
    expectCardError(() => readCard(pngWith(cardTextChunk('chara', { data: 'x' }))), 'invalid_card', 'data_not_object');
  });
});

describe('corrupt_png details', () => {
  const good = pngWith(cardTextChunk('chara', { name: 'x' }));
  const chunks = listChunks(good);
  const [ihdr, idat, text, iend] = chunks.map((chunk) => chunk.bytes) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];

  it.each([
    ['ihdr_not_first', () => assemble([idat, ihdr, text, iend])],
    ['duplicate_ihdr', () => assemble([ihdr, ihdr, idat, text, iend])],
    ['no_iend', () => assemble([ihdr, idat, text])],
    ['iend_not_last', () => assemble([ihdr, idat, iend, text, iend])],
    ['iend_not_last', () => concatBytes([good, Uint8Array.of(0)])],
    ['no_idat', () => assemble([ihdr, text, iend])],
    ['truncated', () => good.subarray(0, good.length - 5)],
    ['bad_chunk_type', () => assemble([ihdr, idat, encodeChunk('tEXt', new Uint8Array(1)).map((b, i) => (i === 5 ? 0x31 : b)), iend])],
  ] as const)('%s', (detail, build) => {
    expectCardError(() => readCard(build()), 'corrupt_png', detail);
  });

  it('bad_ihdr: wrong length, zero width, bad bit depth, bad interlace', () => {
    const wrongLength = encodeChunk('IHDR', new Uint8Array(12));
    const zero = ihdrChunk(0, 5);
    const data = new Uint8Array(listChunks(good)[0]!.data);
    data[8] = 3; // 3-bit RGBA does not exist
    const depth = encodeChunk('IHDR', data);
    const laced = new Uint8Array(listChunks(good)[0]!.data);
    laced[12] = 2;
    for (const bad of [wrongLength, zero, depth, encodeChunk('IHDR', laced)]) {
      expectCardError(() => readCard(assemble([bad, idat, text, iend])), 'corrupt_png', 'bad_ihdr');
    }
  });
});
