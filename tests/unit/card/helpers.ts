/**
 * Builders for the card tests (and the API's hostile uploads, tests/api/security/hostile-pngs.ts).
 * Every PNG here comes from the codec's own makePng / encodeChunk / writeCard; Buffer is used only
 * as an independent base64 oracle.
 */
import { Buffer } from 'node:buffer';
import { Zlib } from 'fflate';
import { expect } from 'vitest';
import { CardError, type CardErrorCode } from '@core/card/errors';
import { PNG_SIGNATURE, concatBytes, encodeChunk, encodeTextChunk, makePng } from '@core/card/png';
import type { Card } from '@core/card/types';

export function base64Of(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** A 2×2 PNG carrying the given chunks before IEND. */
export function pngWith(...chunks: Uint8Array[]): Uint8Array {
  return makePng({ width: 2, height: 2, chunks });
}

/** A text chunk whose text is base64(JSON.stringify(json)). */
export function cardTextChunk(keyword: string, json: unknown, type: 'tEXt' | 'zTXt' | 'iTXt' = 'tEXt', compressed = false): Uint8Array {
  return encodeTextChunk(type, keyword, base64Of(JSON.stringify(json)), { compressed });
}

export interface RawChunk {
  type: string;
  /** The whole chunk: length, type, data, CRC. */
  bytes: Uint8Array;
  data: Uint8Array;
}

/** An independent, trusting chunk lister for assertions (the codec's own walker is under test). */
export function listChunks(png: Uint8Array): RawChunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: RawChunk[] = [];
  for (let pos = 8; pos < png.length;) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(...png.subarray(pos + 4, pos + 8));
    chunks.push({ type, bytes: png.subarray(pos, pos + 12 + length), data: png.subarray(pos + 8, pos + 8 + length) });
    pos += 12 + length;
  }
  return chunks;
}

export function assemble(chunks: readonly Uint8Array[]): Uint8Array {
  return concatBytes([PNG_SIGNATURE, ...chunks]);
}

export function keywordOf(chunk: RawChunk): string {
  const nul = chunk.data.indexOf(0);
  return String.fromCharCode(...chunk.data.subarray(0, nul < 0 ? chunk.data.length : nul));
}

/** Runs fn and returns the CardError it throws, failing the test on anything else. */
export function cardErrorOf(fn: () => unknown): CardError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CardError);
    return error as CardError;
  }
  throw new Error('expected a CardError, but nothing was thrown');
}

export function expectCardError(fn: () => unknown, code: CardErrorCode, detail?: string): CardError {
  const error = cardErrorOf(fn);
  expect(error.code).toBe(code);
  if (detail !== undefined) expect(error.detail).toBe(detail);
  return error;
}

/** IHDR data for the given size (8-bit RGBA). */
export function ihdrChunk(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = 8;
  data[9] = 6;
  return encodeChunk('IHDR', data);
}

/**
 * A card PNG (its chara tEXt holding `card`) with `count` valid, empty tIME chunks between IDAT and
 * the card chunk: 12 bytes each, 12 MB for the default million. Built by doubling one chunk with
 * copyWithin: tens of milliseconds instead of a million CRC computations.
 */
export function millionChunksPng(card: unknown, count = 1_000_000): Uint8Array {
  const [ihdr, idat, text, iend] = listChunks(pngWith(cardTextChunk('chara', card))).map((chunk) => chunk.bytes);
  const tiny = encodeChunk('tIME', new Uint8Array(0));
  const body = new Uint8Array(tiny.length * count);
  body.set(tiny);
  for (let filled = tiny.length; filled < body.length; filled *= 2) body.copyWithin(filled, 0, Math.min(filled, body.length - filled));
  return assemble([ihdr!, idat!, body, text!, iend!]);
}

/**
 * A zlib stream of `mib` MiB of zeros in far fewer bytes: DEFLATE caps a stream at ~1032:1, so it
 * is built the way real bombs are, from one sync-flushed 1 MiB segment of zeros repeated (its back
 * references stay inside the zeros), never by compressing it all.
 */
export function zlibZerosBomb(mib: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zlib = new Zlib({ level: 9 }, (chunk) => parts.push(chunk));
  const zeros = new Uint8Array(1 << 20);
  const flushed = () => {
    zlib.push(zeros);
    zlib.flush(true);
    return concatBytes(parts.splice(0));
  };
  const head = flushed();
  const segment = flushed();
  zlib.push(new Uint8Array(0), true);
  const tail = concatBytes(parts.splice(0));
  const repeats = mib - 1;
  const out = new Uint8Array(head.length + segment.length * repeats + tail.length);
  out.set(head);
  for (let i = 0; i < repeats; i++) out.set(segment, head.length + i * segment.length);
  out.set(tail, out.length - tail.length);
  return out;
}

/** A card using every field, unknown ones included, at every level. */
export function fullCard(): Card {
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: 'Mira Vell',
      description: '{{char}} keeps the lighthouse on Gull Rock. Ünïcödé ✓ 🌊',
      personality: 'patient, wry',
      scenario: '{{user}} washes ashore in a storm.',
      first_mes: '*Mira lifts her lantern.* Easy now, {{user}}.',
      mes_example: '<START>\n{{user}}: Who are you?\n{{char}}: The keeper.',
      creator_notes: 'Written for cardchat tests.',
      system_prompt: 'You are {{char}}.',
      post_history_instructions: 'Stay in character.',
      alternate_greetings: ['The fog is thick tonight.', 'Another ship, another survivor.'],
      tags: ['fantasy', 'sea', 'mystery'],
      creator: 'cardchat',
      character_version: '1.2',
      extensions: { talkativeness: '0.5', depth_prompt: { prompt: 'x', depth: 4 }, 'cardchat/voice': null },
      character_book: {
        name: 'Gull Rock',
        extensions: {},
        entries: [
          { keys: ['lighthouse'], content: 'It has not gone dark in 90 years.', extensions: {}, enabled: true, insertion_order: 1 },
        ],
      },
      group_only_greetings: ['Welcome, all of you.'],
      nickname: 'Mira',
      assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
      creator_notes_multilingual: { en: 'Written for cardchat tests.', fr: 'Écrit pour les tests.' },
      source: ['https://example.com/mira'],
      creation_date: 1_700_000_000,
      modification_date: 1_700_000_500,
      x_unknown_in_data: { nested: [1, 'two', { three: true }] },
    },
    x_unknown_top: ['kept', 42],
  };
}
