/**
 * Why an uploaded chat archive or chat file was refused. `message` is a sentence for the person importing it;
 * `status` is the HTTP status the route answers with (413 when the only problem is size).
 */
export { shownName } from '@core/zip/index';

export type ArchiveErrorCode =
  | 'not_zip'
  | 'too_many_entries'
  /** An absolute path, a `..` or `__proto__` segment, a backslash, a drive letter or a control character. */
  | 'unsafe_name'
  /** Two entries with one name (ignoring case): which one is "the" file depends on the unpacker. */
  | 'duplicate_name'
  /** An entry, or all of them together, over the size limits (declared or actual). */
  | 'too_large'
  /** Encrypted, or compressed with something other than store/deflate. */
  | 'unsupported_entry'
  /** Truncated, inflates to a size other than declared, or fails its CRC. */
  | 'corrupt_entry'
  | 'empty_entry'
  | 'no_chats'
  /** A chat file that is not UTF-8 or not a SillyTavern chat (the message says which line). */
  | 'invalid_chat'
  /** A file of a kind cardchat does not import chats from (the message names it and lists what works). */
  | 'unsupported_format';

export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
  readonly code: ArchiveErrorCode;
  readonly status: 400 | 413;

  constructor(code: ArchiveErrorCode, message: string, status: 400 | 413 = 400, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = status;
  }
}

export function isArchiveError(error: unknown): error is ArchiveError {
  return error instanceof ArchiveError;
}
