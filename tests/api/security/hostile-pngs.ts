/**
 * Hostile PNG bytes for the upload and replacement attack suites. Every file is assembled from the
 * codec's own chunk writers (and the card unit tests' builders), so a test never carries opaque
 * hand-copied bytes and each one is exactly the attack its name says.
 */
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { MAX_TEXT_BYTES } from '@core/card/limits';
import { concatBytes, encodeChunk, encodeTextChunk } from '@core/card/png';
import { testCard } from '../../support/cards';
import { assemble, base64Of, cardTextChunk, ihdrChunk, listChunks, pngWith, zlibZerosBomb } from '../../unit/card/helpers';

const ascii = (text: string) => new TextEncoder().encode(text);

/** The chunks of a small, valid card PNG, to rearrange or damage one at a time. */
function cardChunks(name: string) {
  const [ihdr, idat, text, iend] = listChunks(pngWith(cardTextChunk('chara', testCard({ name })))).map((chunk) => chunk.bytes);
  return { ihdr: ihdr!, idat: idat!, text: text!, iend: iend! };
}

/**
 * A 57-byte file whose second chunk declares 0xFFFFFFF0 bytes (about 4 GB): a reader that trusts the
 * length allocates or waits for 4 GB; ours compares it with the bytes present first.
 */
export function fourGigabyteChunkPng(): Uint8Array {
  const { ihdr } = cardChunks('Four GB');
  const header = new Uint8Array(8 + 16);
  new DataView(header.buffer).setUint32(0, 0xfffffff0);
  header.set(ascii('IDAT'), 4);
  return assemble([ihdr, header]);
}

/** A card whose chara chunk's CRC is off by one bit. */
export function badCrcPng(): Uint8Array {
  const { ihdr, idat, text, iend } = cardChunks('Bad CRC');
  const damaged = text.slice();
  damaged[damaged.length - 1]! ^= 1;
  return assemble([ihdr, idat, damaged, iend]);
}

/** A valid card cut off in the middle of its card chunk. */
export function truncatedPng(): Uint8Array {
  const { ihdr, idat, text, iend } = cardChunks('Truncated');
  const whole = assemble([ihdr, idat, text, iend]);
  return whole.subarray(0, whole.length - iend.length - Math.floor(text.length / 2));
}

/** Every chunk intact, the card chunk moved in front of IHDR. */
export function ihdrNotFirstPng(): Uint8Array {
  const { ihdr, idat, text, iend } = cardChunks('IHDR Second');
  return assemble([text, ihdr, idat, iend]);
}

/** A chara zTXt chunk that inflates to `mib` MiB (512 by default) from well under 1 MB. */
export function zTxtBombPng(mib = 512): Uint8Array {
  return pngWith(encodeChunk('zTXt', concatBytes([ascii('chara'), Uint8Array.of(0, 0), zlibZerosBomb(mib)])));
}

/** A valid card whose IHDR claims 100000 × 100000 pixels (10 gigapixels). */
export function hugeIhdrPng(width = 100_000, height = 100_000): Uint8Array {
  const { idat, text, iend } = cardChunks('Huge');
  return assemble([ihdrChunk(width, height), idat, text, iend]);
}

/** Bytes that are no image at all: what a renamed download or a hand-made request would carry. */
export function notImageFiles(): { label: string; bytes: Uint8Array }[] {
  return [
    { label: 'ZIP', bytes: zipSync({ 'card.png': pngWith(cardTextChunk('chara', testCard())) }) },
    { label: 'HTML', bytes: ascii('<!doctype html><script>alert(document.cookie)</script>') },
    { label: 'PDF', bytes: ascii('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n') },
  ];
}

/** Other formats, a real JPEG among them, for a route that takes PNG only. */
export async function notPngFiles(): Promise<{ label: string; bytes: Uint8Array }[]> {
  const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c83' } })
    .jpeg()
    .toBuffer();
  return [{ label: 'JPEG', bytes: new Uint8Array(jpeg) }, ...notImageFiles()];
}

/** A card PNG whose chara tEXt holds exactly `text` (not necessarily base64 of anything). */
export function charaTextPng(text: string): Uint8Array {
  return pngWith(encodeTextChunk('tEXt', 'chara', text));
}

export const badBase64Png = () => charaTextPng('not base64 at all!');
export const notJsonPng = () => charaTextPng(base64Of('name: Not JSON\ndescription: YAML, maybe'));

/** A card that nests 10,000 levels deep, where a recursive parser or validator overflows its stack. */
export function deepJsonPng(levels = 10_000): Uint8Array {
  return charaTextPng(base64Of(`{"name":"Deep","data":${'['.repeat(levels)}${']'.repeat(levels)}}`));
}

/** A chara tEXt chunk one byte over the card text cap (16 MiB), the file itself under 20 MiB. */
export function oversizedCharaPng(): Uint8Array {
  const data = new Uint8Array(MAX_TEXT_BYTES + 1).fill(0x41);
  data.set(ascii('chara\0'));
  return pngWith(encodeChunk('tEXt', data));
}

/** A card whose JSON tries prototype pollution at the top, in data and in extensions. */
export function protoPollutionPng(name: string): Uint8Array {
  const json =
    `{"__proto__":{"polluted":1},"spec":"chara_card_v2","spec_version":"2.0",` +
    `"data":{"name":${JSON.stringify(name)},"__proto__":{"polluted":1},` +
    `"extensions":{"constructor":{"prototype":{"polluted":1}},"\\u005f_proto__":{"polluted":1}}}}`;
  return charaTextPng(base64Of(json));
}
