/**
 * A stored PNG card → the other files people take to other apps: the V3 JSON (embedded assets as
 * `data:` URLs, since a JSON file has nowhere else to keep them) and the .charx (assets as files).
 */
import { ASSET_URI_PREFIX, assetEntries, assetListWithPicture, mimeTypeOf, readEmbeddedAssets, type AssetEntry } from './assets';
import { encodeBase64 } from './base64';
import { writeCharx } from './charx';
import { resolveLimits } from './limits';
import { toV3Json } from './normalize';
import { readCard } from './read';
import type { Card, CardLimits, EmbeddedAsset } from './types';
import { stripCard } from './write';

const decoder = new TextDecoder();

function cardAndAssets(png: Uint8Array, limits?: Partial<CardLimits>): { card: Card; assets: EmbeddedAsset[] } {
  const resolved = resolveLimits(limits);
  const { card, assetChunks } = readCard(png, resolved);
  return { card, assets: readEmbeddedAssets(png, assetChunks, resolved) };
}

function dataUrl(type: string, data: Uint8Array): string {
  return `data:${type};base64,${decoder.decode(encodeBase64(data))}`;
}

/**
 * The card as a Character Card V3 JSON file (UTF-8, two-space indented as editors show it). Its
 * picture goes in as the main icon's `data:` URL: a bare JSON has no PNG for `ccdefault:` to mean,
 * and RisuAI reads a JSON card's picture only from its icon entry.
 */
export function cardToJsonFile(png: Uint8Array, limits?: Partial<CardLimits>): Uint8Array {
  const { card, assets } = cardAndAssets(png, limits);
  const byPath = new Map(assets.map((asset) => [asset.path, asset.data]));
  const rewrite = new Map<AssetEntry, AssetEntry>();
  for (const entry of assetEntries(card)) {
    if (!entry.uri.startsWith(ASSET_URI_PREFIX)) continue;
    const data = byPath.get(entry.uri.slice(ASSET_URI_PREFIX.length));
    if (data) rewrite.set(entry, { ...entry, uri: dataUrl(mimeTypeOf(typeof entry.ext === 'string' ? entry.ext : ''), data) });
  }
  const picture = dataUrl('image/png', stripCard(png, limits));
  const out = { ...card, data: { ...card.data, assets: assetListWithPicture(card, rewrite, picture) } };
  return new TextEncoder().encode(`${JSON.stringify(toV3Json(out), null, 2)}\n`);
}

/** The card as a .charx: card.json, its picture as the main icon, and every embedded asset as a file. */
export function cardToCharx(png: Uint8Array, limits?: Partial<CardLimits>): Uint8Array {
  const { card, assets } = cardAndAssets(png, limits);
  return writeCharx(card, stripCard(png, limits), assets);
}
