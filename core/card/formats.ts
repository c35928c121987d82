/**
 * The card file formats the upload takes, once for the server's check, the picker's accept list and
 * the upload page's requirements.
 */

export interface CardFileFormat {
  /** As the upload page lists it. */
  label: string;
  extensions: readonly string[];
  /** MIME types browsers and multipart clients declare for it. */
  types: readonly string[];
}

export const CARD_FILE_FORMATS: readonly CardFileFormat[] = [
  { label: 'PNG or APNG with card metadata (chara, ccv3 or naidata)', extensions: ['.png', '.apng'], types: ['image/png', 'image/apng'] },
  { label: 'JSON card, V1, V2 or V3 (chub.ai, SillyTavern, RisuAI)', extensions: ['.json'], types: ['application/json', 'text/json'] },
  {
    label: "CHARX (RisuAI's card with its assets)",
    extensions: ['.charx'],
    types: ['application/zip', 'application/x-zip-compressed', 'application/charx', 'application/x-charx'],
  },
  {
    label: "YAML in SillyTavern's layout (.yaml, .yml)",
    extensions: ['.yaml', '.yml'],
    types: ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'],
  },
  {
    label: 'JPEG or WebP with a card, as RisuAI exports them',
    extensions: ['.jpg', '.jpeg', '.webp'],
    types: ['image/jpeg', 'image/webp'],
  },
];

/** For `<input type="file" accept>`: extensions first (a phone's picker greys out the rest), then types. */
export const CARD_FILE_ACCEPT = CARD_FILE_FORMATS.flatMap((format) => [...format.extensions, ...format.types]).join(',');

/** Types that say nothing about the file: its bytes decide. */
const UNSPECIFIC_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream']);

function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/**
 * Whether a file declared with this type and name may be a card: a known type or a known extension,
 * or neither said at all (the content is sniffed then).
 */
export function mayBeCardFile(type: string, name: string | undefined): boolean {
  const declared = type.toLowerCase().split(';')[0]!.trim();
  const extension = name === undefined ? '' : extensionOf(name);
  if (CARD_FILE_FORMATS.some((format) => format.types.includes(declared) || format.extensions.includes(extension))) return true;
  // A type that contains image/png is a PNG, whatever parameters follow (as the original app checked).
  if (declared.includes('image/png')) return true;
  return UNSPECIFIC_TYPES.has(declared) && extension === '';
}
