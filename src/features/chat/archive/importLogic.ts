import { CHAT_FILE_EXTENSIONS, isChatFileName } from '@core/chat/chatFile';
import { IMPORT_FAILED } from '../../../api/chatList';
import { ApiError } from '../../../api/errors';

export const NOT_IMPORTABLE =
  'Only chat files can be imported: .zip archives, SillyTavern chats (.jsonl, group and Chub chats too), and RisuAI or Agnai chat exports (.json).';

/** What the picker offers: extensions, and the types phones know those files by (a .jsonl has no common one). */
export const IMPORT_ACCEPT = [
  '.zip',
  ...CHAT_FILE_EXTENSIONS,
  'application/zip',
  'application/json',
  'application/jsonl',
  'application/x-ndjson',
].join(',');

/** The name decides, as the picker's `accept` does (the server reads the bytes and names what it cannot). */
export function isImportableFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.zip') || isChatFileName(file.name);
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
