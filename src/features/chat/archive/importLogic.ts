import { IMPORT_FAILED } from '../../../api/chatList';
import { ApiError } from '../../../api/errors';

export const NOT_A_ZIP = 'Only .zip chat archives can be imported. Please choose a .zip file.';

/** The spec accepts .zip only; the name decides, as the picker's `accept` does (the server checks the bytes). */
export function isZipFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.zip');
}

/**
 * What 'Import Failed' says: the server's own message when it explained the refusal (an ApiError
 * carrying its error code), else the spec's generic text (network failures, bare HTTP statuses).
 */
export function importErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetwork && error.code) return error.message;
  return IMPORT_FAILED;
}

/** 'Ada: 12 messages' for the success dialog's list. */
export function importedLine({ character_name, message_count }: { character_name: string; message_count: number }): string {
  return `${character_name}: ${message_count} ${message_count === 1 ? 'message' : 'messages'}`;
}
