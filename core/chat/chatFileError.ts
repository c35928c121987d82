/**
 * Why a chat file (SillyTavern's .jsonl, another app's .json) was refused. `message` is a sentence for the person importing
 * it and names the file and, where there is one, the line.
 */
export type ChatFileErrorCode =
  /** No line with any content. */
  | 'empty_file'
  /** The whole text is over `maxTotalChars`. */
  | 'file_too_large'
  | 'line_too_long'
  /** A message's text over `maxMessageChars`. */
  | 'message_too_long'
  | 'too_many_messages'
  | 'bad_json'
  /** The first line is not a chat header (e.g. the file starts with a message). */
  | 'no_header'
  /** A line that is JSON but not a message SillyTavern could have written. */
  | 'bad_message'
  /** A file of a kind cardchat does not import (another app's save, a card, an unknown JSON). */
  | 'unsupported_format';

/** The size limits of one chat file, counted in UTF-16 code units (JavaScript string length). */
export interface ChatFileLimits {
  maxMessages: number;
  maxLineChars: number;
  maxTotalChars: number;
  /** One message's text. */
  maxMessageChars: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_CHAT_FILE_LIMITS: Readonly<ChatFileLimits> = Object.freeze({
  maxMessages: 20_000,
  // The longest message must fit, with room for JSON escaping and the fields beside it (SillyTavern
  // keeps every swipe, the alternatives of a reply, on the message's line).
  maxLineChars: MiB,
  maxTotalChars: 25 * MiB,
  /**
   * Typed messages are limited to 1,000 characters (docs/PRODUCT.md, Limits), but a chat brought from elsewhere
   * holds the model's replies too, which run to several thousand; 32,000 is more than a whole 8K
   * context, so no message a model could use is refused, while one import cannot hide megabytes
   * in a single message.
   */
  maxMessageChars: 32_000,
});

/** Codes that mean "too big" rather than "broken": the server answers those with 413. */
export const CHAT_FILE_SIZE_CODES: ReadonlySet<ChatFileErrorCode> = new Set([
  'file_too_large',
  'line_too_long',
  'message_too_long',
  'too_many_messages',
]);

export class ChatFileError extends Error {
  override readonly name = 'ChatFileError';
  readonly code: ChatFileErrorCode;
  /** 1-based line of the file the error is about, when it is about one. */
  readonly line: number | undefined;

  constructor(code: ChatFileErrorCode, message: string, line?: number) {
    super(message);
    this.code = code;
    this.line = line;
  }
}

export function isChatFileError(error: unknown): error is ChatFileError {
  return error instanceof ChatFileError;
}
