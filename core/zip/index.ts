/** The bounded zip reader both sides share: import from core/zip (this file) only. */
export {
  DAMAGE,
  damagedEntry,
  hasZipEnd,
  listZipEntries,
  packedEntry,
  readZipEntry,
  shownName,
  MESSAGE_NOT_ZIP,
  ZipError,
  type ZipEntry,
  type ZipErrorCode,
} from './read';
export { entryNameKey, isSafeEntryName } from './names';
