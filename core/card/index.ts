/** The card codec's public API: everything outside core/card imports from here. */
export { readCard } from './read';
export { writeCard, stripCard, hasCardTextChunks, pngForOtherApps, type WriteCardOptions } from './write';
export { readCardFile, type CardFile, type CardFileSource, type CardPicture, type DeclaredName } from './files';
export { cardToCharx, cardToJsonFile } from './export';
export { readEmbeddedAssets, encodeAssetChunk, assetEntries, ASSET_URI_PREFIX, DEFAULT_ASSET_URI } from './assets';
export { CARD_FILE_ACCEPT, CARD_FILE_FORMATS, mayBeCardFile, type CardFileFormat } from './formats';
export { checkFile, countsAsCard, type DeclaredFile } from './validate';
export { checkListedFields, listedFieldProblem } from './fieldLimits';
export { normalizeCard, toV2Json, toV3Json } from './normalize';
export { fillPlaceholders, characterDisplayName } from './placeholders';
export { boundedText, summarizeCard, MAX_NAME_CHARS, SUMMARY_LIMITS, TRUNCATION_MARK, type CardSummaryData } from './summary';
export {
  CardError,
  isCardError,
  cardErrorMessage,
  type CardErrorCode,
  MESSAGE_UNSUPPORTED_TYPE,
  CARD_FORMATS_IN_WORDS,
  MESSAGE_INVALID_CARD_FILE,
  MESSAGE_NO_CARD_IN_IMAGE,
  MESSAGE_BAD_ARCHIVE,
  MESSAGE_UNSAFE_ARCHIVE,
  MESSAGE_ARCHIVE_TOO_LARGE,
  MESSAGE_CARD_FILE_TOO_LARGE,
  MESSAGE_TOO_LARGE_AS_PNG,
  MESSAGE_TOO_LARGE,
  MESSAGE_BAD_SIGNATURE,
  MESSAGE_NO_CARD,
  MESSAGE_INVALID_CARD,
  MESSAGE_CORRUPT_PNG,
  MESSAGE_TOO_MANY_PIXELS,
  MESSAGE_TEXT_TOO_LARGE,
  MESSAGE_CARD_TOO_LARGE,
  MESSAGE_NAME_TOO_LONG,
  MESSAGE_CREATOR_TOO_LONG,
  MESSAGE_TOO_MANY_TAGS,
  MESSAGE_TAG_TOO_LONG,
} from './errors';
export {
  DEFAULT_CARD_LIMITS,
  MAX_FILE_BYTES,
  MAX_CHUNKS,
  MAX_TEXT_BYTES,
  MAX_INFLATED_BYTES,
  MAX_JSON_BYTES,
  MAX_SIDE,
  MAX_PIXELS,
  MAX_JSON_DEPTH,
  MAX_YAML_BYTES,
  MAX_ARCHIVE_ENTRIES,
  MAX_INFLATION_RATIO,
  CARD_FIELD_LIMITS,
} from './limits';
export {
  PNG_SIGNATURE,
  crc32,
  encodeChunk,
  encodeTextChunk,
  makePng,
  concatBytes,
  type MakePngOptions,
  type TextChunkOptions,
} from './png';
export { decodeBase64, encodeBase64 } from './base64';
export type {
  AssetChunk,
  EmbeddedAsset,
  Card,
  CardData,
  CharacterBook,
  CardFormat,
  CardKeyword,
  CardLimits,
  CardTextChunk,
  ReadCardResult,
  TextChunkType,
} from './types';
