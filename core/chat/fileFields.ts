/** Reading fields of untrusted chat files (parsed JSON) and wording what is wrong with them. */
import { boundedText, MAX_NAME_CHARS } from '../card/summary';
import { ChatFileError, DEFAULT_CHAT_FILE_LIMITS, type ChatFileLimits } from './chatFileError';

/** Reads only the object's own fields, so nothing inherited (or polluted) can pose as file data. */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isText(value: unknown): value is string {
  return typeof value === 'string';
}

/** A name from the file, bounded: it is repeated on every message and shown in lists. */
export function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? boundedText(value, MAX_NAME_CHARS) : undefined;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function megabytes(chars: number): string {
  return String(Math.round((chars / (1024 * 1024)) * 10) / 10);
}

/**
 * What every chat reader starts with: its limits (the caller's, else the defaults), the file as its
 * messages name it, and the whole file's size checked before anything is parsed.
 */
export function openChatFile(text: string, options: { fileName?: string; limits?: Partial<ChatFileLimits> }) {
  const limit = (key: keyof ChatFileLimits) => options.limits?.[key] ?? DEFAULT_CHAT_FILE_LIMITS[key];
  const where = options.fileName === undefined ? 'the chat file' : `'${options.fileName}'`;
  if (text.length > limit('maxTotalChars')) {
    throw new ChatFileError(
      'file_too_large',
      `${capitalised(where)} is larger than the ${megabytes(limit('maxTotalChars'))} MB a chat file may be.`,
    );
  }
  return { limit, where };
}

export function tooManyMessages(where: string, maxMessages: number): ChatFileError {
  return new ChatFileError('too_many_messages', `${capitalised(where)} holds more than ${maxMessages.toLocaleString('en-US')} messages.`);
}
