/**
 * Every way a card can be refused, as one error type: the server maps `code` to its JSON error and
 * the browser shows `message`, which is the upload's own text wherever docs/PRODUCT.md (Screens:
 * Upload) names one.
 */
import { CARD_FIELD_LIMITS } from './limits';

export type CardErrorCode =
  /** Neither the declared MIME type nor the file name is a card format we read. */
  | 'unsupported_type'
  /** Over the file size cap. */
  | 'too_large'
  /** The first 8 bytes are not the PNG signature. */
  | 'bad_signature'
  /** Chunk structure: bad CRC, truncation, IHDR not first, IEND not last, too many chunks... (see `detail`). */
  | 'corrupt_png'
  /** Width, height or width × height over the cap. */
  | 'too_many_pixels'
  /** No chara, ccv3 or naidata text chunk. */
  | 'no_card'
  /** A card text chunk over the size cap. */
  | 'text_too_large'
  /** A zTXt/iTXt card chunk inflating past the cap. */
  | 'inflate_limit'
  /** The card's JSON over its size cap. */
  | 'card_too_large'
  /** A card text chunk whose zTXt/iTXt header is malformed. */
  | 'bad_text_chunk'
  /** Unknown compression method or a broken zlib stream. */
  | 'bad_compression'
  | 'bad_base64'
  /** The base64 decoded to bytes that are not UTF-8. */
  | 'bad_utf8'
  | 'bad_json'
  /** JSON nested deeper than the cap. */
  | 'too_deep'
  /** JSON that is not a character card: it has no name, no data, no V3 marker and none of description, personality, scenario. */
  | 'invalid_card'
  /** A .json/.yaml file (or a .charx's card.json) that is not a card: unreadable, too deep, an alias bomb... */
  | 'invalid_card_file'
  /** A JPEG/WebP with no .charx behind it. */
  | 'no_card_in_image'
  /** A .charx that is not a zip, is damaged, or has no card.json. */
  | 'bad_archive'
  /** A .charx entry named with `..`, an absolute path, a drive letter, a control character; or named twice. */
  | 'unsafe_archive'
  /** A .charx with too many entries, declared sizes over the caps, or an entry that inflates too far. */
  | 'archive_too_large'
  /** A .yaml card file over its own (small) cap. */
  | 'card_file_too_large'
  /** The card and its assets would pass the file cap once written as one PNG. */
  | 'too_large_as_png'
  /** A field every list shows past its bound (fieldLimits.ts). */
  | 'name_too_long'
  | 'creator_too_long'
  | 'too_many_tags'
  | 'tag_too_long';

/** The formats the upload takes, in the words the upload page's requirements use. */
export const CARD_FORMATS_IN_WORDS = 'PNG or APNG, JSON (V1, V2, V3), CHARX, YAML, or a JPEG/WebP card from RisuAI';
export const MESSAGE_UNSUPPORTED_TYPE = `This file type is not supported. Upload a character card as ${CARD_FORMATS_IN_WORDS}.`;
export const MESSAGE_TOO_LARGE = 'File size exceeds 20MB limit';
export const MESSAGE_BAD_SIGNATURE = 'Invalid PNG file header';
export const MESSAGE_NO_CARD = 'No character data found in PNG';
export const MESSAGE_INVALID_CARD = 'PNG must contain valid character card information (chara or ccv3 metadata)';
export const MESSAGE_CORRUPT_PNG = 'The PNG file is damaged or truncated';
export const MESSAGE_TOO_MANY_PIXELS = 'The image dimensions are too large';
export const MESSAGE_TEXT_TOO_LARGE = 'The character data in the PNG is too large';
export const MESSAGE_INVALID_CARD_FILE = 'The file does not hold a valid character card (V1, V2 or V3)';
export const MESSAGE_NO_CARD_IN_IMAGE =
  'No character data found in the image: JPEG and WebP cards must carry a .charx, as RisuAI writes them';
export const MESSAGE_BAD_ARCHIVE = 'The .charx file is damaged or holds no card.json';
export const MESSAGE_UNSAFE_ARCHIVE = 'The .charx file was refused: it names a file outside itself, or one file twice';
export const MESSAGE_ARCHIVE_TOO_LARGE = 'The .charx file holds too many files, or files that unpack too large';
export const MESSAGE_CARD_FILE_TOO_LARGE = 'The card file is too large: YAML cards may be at most 1MB';
export const MESSAGE_TOO_LARGE_AS_PNG = 'The card and its assets would be larger than 20MB as a PNG';
export const MESSAGE_NAME_TOO_LONG = `The character's name is longer than ${CARD_FIELD_LIMITS.name} characters; shorten it.`;
export const MESSAGE_CREATOR_TOO_LONG = `The creator's name is longer than ${CARD_FIELD_LIMITS.creator} characters; shorten it.`;
export const MESSAGE_TOO_MANY_TAGS = `The card has more than ${CARD_FIELD_LIMITS.tags} tags; keep at most ${CARD_FIELD_LIMITS.tags}.`;
export const MESSAGE_TAG_TOO_LONG = `A tag is longer than ${CARD_FIELD_LIMITS.tag} characters; shorten it.`;
/** In the words of the upload's 'File size exceeds 20MB limit'. */
export const MESSAGE_CARD_TOO_LARGE = 'Character data exceeds 2MB limit';

const MESSAGES: Record<CardErrorCode, string> = {
  unsupported_type: MESSAGE_UNSUPPORTED_TYPE,
  too_large: MESSAGE_TOO_LARGE,
  bad_signature: MESSAGE_BAD_SIGNATURE,
  corrupt_png: MESSAGE_CORRUPT_PNG,
  too_many_pixels: MESSAGE_TOO_MANY_PIXELS,
  no_card: MESSAGE_NO_CARD,
  text_too_large: MESSAGE_TEXT_TOO_LARGE,
  inflate_limit: MESSAGE_TEXT_TOO_LARGE,
  card_too_large: MESSAGE_CARD_TOO_LARGE,
  // The user cannot act on the difference between these: the card data is unusable.
  bad_text_chunk: MESSAGE_INVALID_CARD,
  bad_compression: MESSAGE_INVALID_CARD,
  bad_base64: MESSAGE_INVALID_CARD,
  bad_utf8: MESSAGE_INVALID_CARD,
  bad_json: MESSAGE_INVALID_CARD,
  too_deep: MESSAGE_INVALID_CARD,
  invalid_card: MESSAGE_INVALID_CARD,
  invalid_card_file: MESSAGE_INVALID_CARD_FILE,
  no_card_in_image: MESSAGE_NO_CARD_IN_IMAGE,
  bad_archive: MESSAGE_BAD_ARCHIVE,
  unsafe_archive: MESSAGE_UNSAFE_ARCHIVE,
  archive_too_large: MESSAGE_ARCHIVE_TOO_LARGE,
  card_file_too_large: MESSAGE_CARD_FILE_TOO_LARGE,
  too_large_as_png: MESSAGE_TOO_LARGE_AS_PNG,
  name_too_long: MESSAGE_NAME_TOO_LONG,
  creator_too_long: MESSAGE_CREATOR_TOO_LONG,
  too_many_tags: MESSAGE_TOO_MANY_TAGS,
  tag_too_long: MESSAGE_TAG_TOO_LONG,
};

export function cardErrorMessage(code: CardErrorCode): string {
  return MESSAGES[code];
}

export class CardError extends Error {
  override readonly name = 'CardError';
  readonly code: CardErrorCode;
  /** A finer reason for logs and tests (e.g. 'bad_crc', 'iend_not_last'); never shown to users. */
  readonly detail: string | undefined;

  constructor(code: CardErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(MESSAGES[code], options);
    this.code = code;
    this.detail = detail;
  }
}

export function isCardError(error: unknown): error is CardError {
  return error instanceof CardError;
}
