/**
 * Hostile inputs: each must be refused with the codec's own error, at once, without allocating
 * what the file claims.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '@core/card/limits';
import { concatBytes, encodeChunk, encodeTextChunk, makePng } from '@core/card/png';
import { readCard } from '@core/card/read';
import {
  assemble,
  base64Of,
  cardTextChunk,
  expectCardError,
  ihdrChunk,
  listChunks,
  millionChunksPng,
  pngWith,
  zlibZerosBomb,
} from './helpers';

const TARGET = { name: 'Target', description: 'd' };
const good = pngWith(cardTextChunk('chara', TARGET));
const [ihdr, idat, text, iend] = listChunks(good).map((chunk) => chunk.bytes) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];

/** A chunk header that declares `length` bytes of data which are not there. */
function declaredChunk(length: number, type = 'tEXt'): Uint8Array {
  const header = new Uint8Array(8 + 16);
  new DataView(header.buffer).setUint32(0, length);
  header.set(new TextEncoder().encode(type), 4);
  return header;
}

describe('hostile PNG structure', () => {
  it('rejects a chunk declaring 4 GB at once', () => {
    expectCardError(() => readCard(assemble([ihdr, declaredChunk(0xffffffff)])), 'corrupt_png', 'bad_length');
    expectCardError(() => readCard(assemble([ihdr, declaredChunk(0x7ffffff0)])), 'corrupt_png', 'truncated');
    expectCardError(() => readCard(assemble([ihdr, declaredChunk(0xffffffff, 'IDAT'), iend])), 'corrupt_png', 'bad_length');
  });

  it('rejects a bad CRC on IHDR, on the card chunk and on IEND', () => {
    const flip = (chunk: Uint8Array, at: number) => chunk.map((byte, i) => (i === at ? byte ^ 1 : byte));
    expectCardError(() => readCard(assemble([flip(ihdr, 10), idat, text, iend])), 'corrupt_png', 'bad_crc');
    expectCardError(() => readCard(assemble([ihdr, idat, flip(text, 20), iend])), 'corrupt_png', 'bad_crc');
    expectCardError(() => readCard(assemble([ihdr, idat, flip(text, text.length - 1), iend])), 'corrupt_png', 'bad_crc');
    expectCardError(() => readCard(assemble([ihdr, idat, text, flip(iend, 11)])), 'corrupt_png', 'bad_crc');
  });

  it('does not compute the CRC of pixel data it never decodes', () => {
    const badIdat = idat.map((byte, i) => (i === idat.length - 1 ? byte ^ 1 : byte));
    expect(readCard(assemble([ihdr, badIdat, text, iend])).card.data.name).toBe('Target');
  });

  it('rejects every truncation of a card', () => {
    for (let length = 0; length < good.length; length++) {
      const error = expectCardError(() => readCard(good.subarray(0, length)), length < 8 ? 'bad_signature' : 'corrupt_png');
      expect(error).toBeDefined();
    }
  });

  it('rejects IHDR not first and IEND missing', () => {
    expectCardError(() => readCard(assemble([text, ihdr, idat, iend])), 'corrupt_png', 'ihdr_not_first');
    expectCardError(() => readCard(assemble([ihdr, idat, text])), 'corrupt_png', 'no_iend');
  });

  it('rejects a million chunks by the chunk-count cap', () => {
    const png = millionChunksPng(TARGET);
    expect(listChunks(png.subarray(0, 8 + ihdr.length + idat.length + 36)).map((chunk) => chunk.type)).toEqual([
      'IHDR',
      'IDAT',
      'tIME',
      'tIME',
      'tIME',
    ]);
    expectCardError(() => readCard(png), 'corrupt_png', 'too_many_chunks');
    expect(readCard(png, { maxChunks: 2_000_000 }).card.data.name).toBe('Target');
  });

  it('rejects 100000 × 100000 pixels from IHDR alone', () => {
    expectCardError(() => readCard(assemble([ihdrChunk(100_000, 100_000), idat, text, iend])), 'too_many_pixels');
    expectCardError(() => readCard(assemble([ihdrChunk(20_001, 1), idat, text, iend])), 'too_many_pixels');
    expectCardError(() => readCard(assemble([ihdrChunk(10_001, 10_000), idat, text, iend])), 'too_many_pixels');
    expect(readCard(assemble([ihdrChunk(20_000, 5_000), idat, text, iend])).width).toBe(20_000);
  });

  it('rejects bytes that are not a PNG', () => {
    for (const bytes of [
      new Uint8Array(0),
      new TextEncoder().encode('<svg/>'),
      Uint8Array.of(0x89, 0x50, 0x4e, 0x47),
      new Uint8Array(1000),
    ]) {
      expectCardError(() => readCard(bytes), 'bad_signature');
    }
  });
});

describe('hostile card text', () => {
  it('stops a zTXt bomb (4 MB inflating to 4 GiB) at the inflate limit without allocating it', () => {
    const bomb = zlibZerosBomb(4 * 1024);
    expect(bomb.length).toBeLessThan(MAX_TEXT_BYTES);
    const ztxt = encodeChunk('zTXt', concatBytes([new TextEncoder().encode('chara'), Uint8Array.of(0, 0), bomb]));
    const before = process.memoryUsage().arrayBuffers;
    expectCardError(() => readCard(pngWith(ztxt)), 'inflate_limit');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(256 * 1024 * 1024);
  });

  it('stops a compressed iTXt bomb the same way', () => {
    const itxt = encodeChunk('iTXt', concatBytes([new TextEncoder().encode('ccv3'), Uint8Array.of(0, 1, 0, 0, 0), zlibZerosBomb(1024)]));
    expectCardError(() => readCard(pngWith(itxt)), 'inflate_limit');
  });

  it('rejects bad base64: bad characters, bad padding, non-canonical trailing bits', () => {
    const json = base64Of('{"name":"x"}'); // eyJuYW1lIjoieCJ9
    for (const bad of [
      json.slice(1),
      `${json}=`,
      `${json.slice(0, -1)}!`,
      'eyJuYW1lIjoieCJ9====',
      'eyJ=YW1l',
      'QQ=',
      'QR==',
      'QUJ=',
      `${json}\u0000`,
      `${json};`,
    ]) {
      expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', bad))), 'bad_base64');
    }
  });

  it('reads the base64 SillyTavern reads: line wraps, spaces, a trailing newline, no padding, URL-safe letters', () => {
    const text = '{"name":"Ünïcode ~~~ ???"}';
    const standard = base64Of(text);
    const urlSafe = standard.replaceAll('+', '-').replaceAll('/', '_');
    expect(standard).toMatch(/[+/]/);
    const wrapped = standard.replace(/(.{8})/g, '$1\r\n');
    for (const variant of [
      `${standard}\n`,
      ` ${standard}`,
      wrapped,
      urlSafe,
      standard.replace(/=+$/, ''),
      urlSafe.replace(/=+$/, '') + '\n',
    ]) {
      expect(readCard(pngWith(encodeTextChunk('tEXt', 'chara', variant))).card.data.name).toBe('Ünïcode ~~~ ???');
    }
  });

  it('decodes a 16 MiB card chunk full of line wraps in linear time, and refuses one past the cap by its size alone', () => {
    const name = 'x'.repeat(11 * 1024 * 1024);
    const wrapped = base64Of(JSON.stringify({ name })).replace(/(.{76})/g, '$1\n');
    expect(wrapped.length).toBeLessThan(16 * 1024 * 1024);
    // The decoder is what is under test here, so the 2 MiB cap on a card's JSON is lifted.
    expect(readCard(pngWith(encodeTextChunk('tEXt', 'chara', wrapped)), { maxJsonBytes: 16 * 1024 * 1024 }).card.data.name).toHaveLength(
      name.length,
    );
    expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', wrapped))), 'card_too_large');
    const over = `${wrapped}${'\n'.repeat(16 * 1024 * 1024 - wrapped.length + 1)}`;
    expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', over))), 'text_too_large');
    // 16 MiB decoded twice takes seconds on a loaded machine: vitest's 5 s default is no budget for it.
  }, 60_000);

  it('rejects text that is not JSON', () => {
    for (const bad of ['', 'name: x', '{"name": "x"', "{'name': 'x'}", 'NaN']) {
      expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of(bad)))), 'bad_json');
    }
  });

  it('rejects 10000 levels of nesting with its own error, not a stack overflow', () => {
    const deep = `{"name":"x","data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of(deep)))), 'too_deep');
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of(objects)))), 'too_deep');
  });

  it('counts brackets inside strings as text', () => {
    const json = JSON.stringify({ name: '['.repeat(1000), description: '\\"[[[[' });
    expect(readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of(json)))).card.data.name).toHaveLength(1000);
  });

  it('rejects a card chunk over the size cap before touching it', () => {
    const big = new Uint8Array(MAX_TEXT_BYTES + 1).fill(0x41);
    big.set(new TextEncoder().encode('chara\0'));
    const chunk = encodeChunk('tEXt', big);
    chunk[chunk.length - 1]! ^= 0xff; // a bad CRC too: the size is refused first, without hashing 16 MiB
    expectCardError(() => readCard(pngWith(chunk)), 'text_too_large');
  });

  it('drops __proto__, constructor and prototype keys without polluting anything', () => {
    const payloads = [
      '{"name":"x","__proto__":{"polluted":1}}',
      '{"name":"x","\\u005f_proto__":{"polluted":1}}',
      '{"spec":"chara_card_v2","data":{"name":"x","__proto__":{"polluted":1},"extensions":{"constructor":{"prototype":{"polluted":1}}}}}',
      '{"name":"x","extensions":{"a":[{"__proto__":{"polluted":1}}]}}',
    ];
    for (const payload of payloads) {
      const { card } = readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of(payload))));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(card)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(card.data)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(card.data.extensions)).toBe(Object.prototype);
      expect(card.polluted).toBeUndefined();
      expect(card.data.polluted).toBeUndefined();
      expect(Object.hasOwn(card, '__proto__')).toBe(false);
      expect(Object.hasOwn(card.data, '__proto__')).toBe(false);
      expect(JSON.stringify(card)).not.toMatch(/__proto__|constructor|prototype|polluted/);
    }
  });

  it('refuses JSON that is not a card', () => {
    for (const json of ['{"__proto__":{"name":"x"}}', '[{"name":"x"}]', '"name"', '42', 'null', '{}']) {
      expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', base64Of(json)))), 'invalid_card');
    }
  });

  it('rejects base64 of bytes that are not UTF-8', () => {
    const latin1 = Buffer.from('{"name":"caf\xe9"}', 'latin1').toString('base64');
    expectCardError(() => readCard(pngWith(encodeTextChunk('tEXt', 'chara', latin1))), 'bad_utf8');
  });

  it('rejects malformed zTXt / iTXt card chunks', () => {
    const key = new TextEncoder().encode('chara');
    expectCardError(() => readCard(pngWith(encodeChunk('zTXt', concatBytes([key, Uint8Array.of(0)])))), 'bad_text_chunk');
    expectCardError(
      () => readCard(pngWith(encodeChunk('zTXt', concatBytes([key, Uint8Array.of(0, 8, 0x78, 0x9c)])))),
      'bad_compression',
      'method',
    );
    expectCardError(
      () => readCard(pngWith(encodeChunk('iTXt', concatBytes([key, Uint8Array.of(0, 0, 0, 0x65, 0x6e)])))),
      'bad_text_chunk',
      'missing_separator',
    );
    expectCardError(
      () => readCard(pngWith(encodeChunk('iTXt', concatBytes([key, Uint8Array.of(0, 1, 3, 0, 0)])))),
      'bad_compression',
      'method',
    );
    const truncated = encodeTextChunk('zTXt', 'chara', base64Of('{"name":"x"}'));
    const data = listChunks(assemble([truncated]))[0]!.data;
    expectCardError(() => readCard(pngWith(encodeChunk('zTXt', data.subarray(0, data.length - 6)))), 'bad_compression', 'zlib');
  });

  it('keeps a huge but legitimate card within the limits', () => {
    const description = 'x'.repeat(1_000_000);
    const png = makePng({ width: 1, height: 1, chunks: [cardTextChunk('chara', { name: 'Big', description }, 'iTXt', true)] });
    expect(readCard(png).card.data.description).toHaveLength(1_000_000);
  });
});
