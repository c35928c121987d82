import {
  characterDisplayName,
  checkFile,
  isCardError,
  MESSAGE_INVALID_CARD_FILE,
  readCardFile,
  type CardFileSource,
} from '@core/card/index';

/** What the browser learns from a chosen file before anything is sent. */
export interface InspectedCard {
  name: string;
  /** The card's own version ('1.0', '2.0', '3.0'), as the codec keeps it. */
  specVersion: string;
  /** The format it came in, in the words the page uses. */
  format: string;
  /** Embedded assets (expressions, sounds...) the card brings along. */
  assets: number;
  /** The picture the card will be stored in; null: it has none and gets the default portrait. */
  picture: Blob | null;
}

/** Thrown with the spec's §5 text (or its sibling for the other formats) for a file that cannot be uploaded. */
export class FileRejected extends Error {}

const FORMAT_NAMES: Record<CardFileSource, string> = {
  png: 'PNG',
  json: 'JSON',
  charx: 'CHARX',
  yaml: 'YAML',
  jpeg: 'JPEG with CHARX (RisuAI)',
  webp: 'WebP with CHARX (RisuAI)',
};

const PICTURE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * Spec §5 in the browser, with the same codec the server runs: the declared type and size first
 * (checkFile), then the bytes (readCardFile: any card format, every limit checked before decoding).
 */
export async function inspectFile(file: File): Promise<InspectedCard> {
  try {
    checkFile({ type: file.type, size: file.size, name: file.name });
    const read = await readCardFile(new Uint8Array(await file.arrayBuffer()), { name: file.name, type: file.type });
    const { card, picture } = read;
    return {
      name: characterDisplayName(card) || card.data.name,
      specVersion: card.spec_version,
      format: FORMAT_NAMES[read.source],
      assets: read.assetCount,
      picture: picture
        ? new Blob([picture.data as Uint8Array<ArrayBuffer>], { type: PICTURE_TYPES[picture.ext] ?? `image/${picture.ext}` })
        : null,
    };
  } catch (error) {
    if (isCardError(error)) throw new FileRejected(error.message);
    throw new FileRejected(MESSAGE_INVALID_CARD_FILE);
  }
}

/** Size in MB with 2 decimals, as the form shows it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
