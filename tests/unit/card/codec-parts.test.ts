import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { crc32 as nodeCrc32 } from 'node:zlib';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '@core/card/base64';
import { CardError } from '@core/card/errors';
import { checkJsonDepth, parseJson } from '@core/card/json';
import { PNG_SIGNATURE, crc32, encodeChunk, encodeTextChunk, makePng } from '@core/card/png';
import { expectCardError, listChunks } from './helpers';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('base64', () => {
  it('matches an independent encoder and decodes back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const encoded = encodeBase64(bytes);
        expect(new TextDecoder().decode(encoded)).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(encoded)).toEqual(bytes);
      }),
    );
  });

  it('refuses what no encoder writes, and reads what SillyTavern reads', () => {
    for (const bad of ['Q', 'QQ=', 'QR==', 'QUJ=', '=QUJD', 'Q===', 'QU=D', 'QUJ\u00e9', 'QUJD=', 'QU\u0000JD', 'QUJD.']) {
      expect(() => decodeBase64(new TextEncoder().encode(bad))).toThrow(CardError);
    }
    for (const [lenient, text] of [
      ['QUJD\n', 'ABC'],
      ['QU JD', 'ABC'],
      ['QQ', 'A'],
      ['QUI', 'AB'],
      ['Pz8_', '???'],
      ['Pz8-', '??>'],
      ['QU\r\nJD\n', 'ABC'],
    ]) {
      expect(new TextDecoder().decode(decodeBase64(ascii(lenient!)))).toBe(text);
    }
    expect(new TextDecoder().decode(decodeBase64(ascii('QUJD')))).toBe('ABC');
    expect(new TextDecoder().decode(decodeBase64(ascii('QUI=')))).toBe('AB');
    expect(new TextDecoder().decode(decodeBase64(ascii('QQ==')))).toBe('A');
    expect(decodeBase64(ascii(''))).toHaveLength(0);
  });

  it('never throws anything but CardError, and accepts exactly the wrapped, unpadded or URL-safe forms of canonical text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQgw+/=9z\n -_.'), maxLength: 12 }), (text) => {
        // An oracle of its own: the text made canonical by hand, then Node's verdict on that.
        const plain = text.replace(/[\n ]/g, '').replaceAll('-', '+').replaceAll('_', '/');
        const body = plain.replace(/=+$/, '');
        const padded = body + '='.repeat((4 - (body.length % 4)) % 4);
        const accepted =
          /^[A-Za-z0-9+/]*$/.test(body) &&
          body.length % 4 !== 1 &&
          (plain === body || plain === padded) &&
          Buffer.from(padded, 'base64').toString('base64') === padded;
        let decoded: Uint8Array | undefined;
        try {
          decoded = decodeBase64(ascii(text));
        } catch (error) {
          expect(error).toBeInstanceOf(CardError);
        }
        expect(decoded !== undefined).toBe(accepted);
        if (decoded) expect(Buffer.from(decoded)).toEqual(Buffer.from(padded, 'base64'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('json', () => {
  it('counts depth outside strings only', () => {
    expect(() => checkJsonDepth(ascii('[[["]]]]]]]]][[[[[[[[["]]]'), 3)).not.toThrow();
    expect(() => checkJsonDepth(ascii('["\\"[[[[[["]'), 1)).not.toThrow();
    expectCardError(() => checkJsonDepth(ascii('[[[[]]]]'), 3), 'too_deep');
    expect(() => checkJsonDepth(ascii('[[[]]]'), 3)).not.toThrow();
  });

  it('parses without the unsafe keys', () => {
    expect(parseJson(ascii('{"a":{"__proto__":1,"b":[{"constructor":2,"prototype":3,"c":4}]}}'), 64)).toEqual({ a: { b: [{ c: 4 }] } });
    expect(parseJson(ascii('\ufeff{"a":1}'), 64)).toEqual({ a: 1 });
  });
});

describe('png builder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(ascii('xx123456789yy'), 2, 11)).toBe(0xcbf43926);
  });

  it('agrees with node:zlib on any range', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        const start = a % (bytes.length + 1);
        const end = start + (b % (bytes.length - start + 1));
        expect(crc32(bytes, start, end)).toBe(nodeCrc32(bytes.subarray(start, end)));
      }),
    );
  });

  it('encodes IEND as every PNG has it', () => {
    expect([...encodeChunk('IEND', new Uint8Array(0))]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    expect(() => encodeChunk('IEN', new Uint8Array(0))).toThrow(TypeError);
  });

  it('makes a valid RGBA PNG: signature, IHDR, one zlib IDAT with filter 0 rows, IEND', () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => i * 7);
    const png = makePng({ width: 3, height: 2, rgba });
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const chunks = listChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([...chunks[0]!.data]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]);
    const raw = unzlibSync(chunks[1]!.data);
    expect(raw).toHaveLength(2 * (1 + 12));
    expect(raw[0]).toBe(0);
    expect(raw[13]).toBe(0);
    expect([...raw.subarray(1, 13), ...raw.subarray(14)]).toEqual([...rgba]);
    for (const chunk of chunks) {
      const view = new DataView(chunk.bytes.buffer, chunk.bytes.byteOffset);
      expect(view.getUint32(chunk.bytes.length - 4)).toBe(crc32(chunk.bytes, 4, chunk.bytes.length - 4));
    }
    expect(() => makePng({ width: 0, height: 1 })).toThrow(RangeError);
    expect(() => makePng({ width: 2, height: 2, rgba: new Uint8Array(3) })).toThrow(RangeError);
  });

  it('encodes tEXt as Latin-1 only', () => {
    expect(() => encodeTextChunk('tEXt', 'chara', 'ü')).not.toThrow();
    expect(() => encodeTextChunk('tEXt', 'chara', '✓')).toThrow(TypeError);
    expect(() => encodeTextChunk('iTXt', 'chara', '✓')).not.toThrow();
  });
});
