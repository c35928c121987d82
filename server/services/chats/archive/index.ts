/**
 * Chat archives: the .zip the PWA exports and imports, holding SillyTavern chat files (.jsonl) and,
 * optionally, character cards (.png); and the bare chat files (.jsonl, other apps' .json) an import
 * may bring beside or instead of it. No database here; the import and export routes do that.
 *
 * Reading refuses a hostile archive before inflating anything (too many entries, an unsafe or
 * repeated name, declared sizes over the limits, and their sum over what one import may inflate to)
 * and then never inflates an entry past its declared size, so a header that lies about them is
 * stopped while inflating, and the whole archive never inflates past `maxTotalBytes`. Entries other
 * than .jsonl and .png (folders, __MACOSX, nested zips...) are never inflated. Reading yields to the
 * event loop between steps, so other users' requests are answered meanwhile.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { zip, type AsyncZippable } from 'fflate';
import { DEFAULT_CARD_LIMITS } from '@core/card/index';
import { chatFileSteps, isChatFileName } from '@core/chat/chatFile';
import { CHAT_FILE_SIZE_CODES, isChatFileError, SUPPORTED_CHAT_FORMATS, type ArchiveChat } from '@core/chat/sillytavern';
import { ArchiveError, shownName } from './archiveError';
import { EntryNames, entryNameKey, isSafeEntryName } from './archiveNames';
import { listZipEntries, readZipEntry, type ZipEntry } from './zipEntries';

export { ArchiveError, isArchiveError, type ArchiveErrorCode } from './archiveError';
export { EntryNames, safeArchiveName } from './archiveNames';
export { MESSAGE_NOT_ZIP } from './zipEntries';

const MB = 1024 * 1024;

export const ARCHIVE_LIMITS = Object.freeze({
  maxEntries: 200,
  maxChatBytes: 25 * MB,
  maxCardBytes: DEFAULT_CARD_LIMITS.maxFileBytes,
  /**
   * All entries together, inflated: a chat of 20,000 long messages is about 25 MB, so this takes two
   * such chats with their cards, while a few hundred KB of zip can no longer become a gigabyte.
   */
  maxTotalBytes: 64 * MB,
  /** Messages in all the archive's chats together: one import is one transaction. */
  maxMessages: 50_000,
});

/** What one import has inflated and read so far, across all its files: the limits hold for them together. */
interface ImportBudget {
  bytes: number;
  messages: number;
}

export const MESSAGE_NO_CHATS = 'The archive holds no chat (.jsonl) files.';

export interface ChatArchiveContents {
  /** In archive order; `fileName` is the entry's path inside the archive. */
  chats: { fileName: string; chat: ArchiveChat }[];
  /** Card PNGs, unchecked: the caller reads them with core/card like any upload. */
  cards: { fileName: string; bytes: Uint8Array }[];
}

/**
 * A zip of the given files. Names must be safe relative paths (build them with safeArchiveName);
 * a repeated name gets " (2)", " (3)"... so no file silently replaces another. PNGs are stored as
 * they are, since deflating them again gains nothing. Large files are deflated on worker threads
 * (fflate's async zip), so a chat of tens of megabytes never holds up other requests.
 */
export function buildChatZip(files: { name: string; data: Uint8Array }[]): Promise<Uint8Array> {
  const zippable: AsyncZippable = Object.create(null) as AsyncZippable;
  const names = new EntryNames();
  for (const file of files) {
    if (!isSafeEntryName(file.name)) throw new RangeError(`Unsafe archive entry name: ${shownName(file.name)}`);
    const level = file.name.toLowerCase().endsWith('.png') ? 0 : 6;
    zippable[names.unique(file.name)] = [file.data, { level }];
  }
  return new Promise((resolve, reject) => zip(zippable, (error, data) => (error ? reject(error) : resolve(data))));
}

/** Everything in an uploaded archive worth importing, or an ArchiveError saying why not. */
export function readChatZip(bytes: Uint8Array): Promise<ChatArchiveContents> {
  return readChatUploads([{ name: 'archive.zip', bytes }]);
}

/**
 * The chats (and cards) of one import: any mix of .zip archives and bare chat files (.jsonl, .json),
 * all or nothing, the limits holding for all of them together.
 */
export async function readChatUploads(files: { name: string; bytes: Uint8Array }[]): Promise<ChatArchiveContents> {
  const budget: ImportBudget = { bytes: 0, messages: 0 };
  const contents: ChatArchiveContents = { chats: [], cards: [] };
  for (const file of files) {
    if (file.name.toLowerCase().endsWith('.zip')) {
      await readZipInto(file.bytes, contents, budget);
    } else if (isChatFileName(file.name)) {
      checkSize(file.name, file.bytes.length, 'chat');
      spend(budget, file.bytes.length);
      contents.chats.push({ fileName: file.name, chat: await readChat(file.name, file.bytes, budget) });
    } else {
      throw new ArchiveError('unsupported_format', `'${shownName(file.name)}' is not a chat file. ${SUPPORTED_CHAT_FORMATS}`);
    }
  }
  if (contents.chats.length === 0) throw new ArchiveError('no_chats', MESSAGE_NO_CHATS);
  return contents;
}

function spend(budget: ImportBudget, bytes: number): void {
  budget.bytes += bytes;
  if (budget.bytes > ARCHIVE_LIMITS.maxTotalBytes) {
    throw new ArchiveError('too_large', `The import's chats and cards add up to more than ${ARCHIVE_LIMITS.maxTotalBytes / MB} MB.`, 413);
  }
}

async function readZipInto(bytes: Uint8Array, contents: ChatArchiveContents, budget: ImportBudget): Promise<void> {
  const entries = listZipEntries(bytes, ARCHIVE_LIMITS.maxEntries);
  const unsafe = entries.find((entry) => !isSafeEntryName(entry.name));
  if (unsafe) {
    throw new ArchiveError('unsafe_name', `The archive was refused: the entry '${shownName(unsafe.name)}' has an unsafe name.`);
  }
  const names = new Set<string>();
  for (const entry of entries) {
    const key = entryNameKey(entry.name);
    if (names.has(key)) {
      throw new ArchiveError('duplicate_name', `The archive was refused: '${shownName(entry.name)}' appears in it more than once.`);
    }
    names.add(key);
  }

  const chatEntries: ZipEntry[] = [];
  const cardEntries: ZipEntry[] = [];
  for (const entry of entries) {
    const kind = kindOf(entry.name);
    if (kind === undefined) continue;
    checkEntry(entry, kind);
    spend(budget, entry.size);
    (kind === 'chat' ? chatEntries : cardEntries).push(entry);
  }
  if (chatEntries.length === 0) throw new ArchiveError('no_chats', MESSAGE_NO_CHATS);

  for (const entry of chatEntries) {
    contents.chats.push({ fileName: entry.name, chat: await readChat(entry.name, await readZipEntry(bytes, entry), budget) });
  }
  for (const entry of cardEntries) contents.cards.push({ fileName: entry.name, bytes: await readZipEntry(bytes, entry) });
}

function kindOf(name: string): 'chat' | 'card' | undefined {
  const segments = name.split('/');
  const base = segments.at(-1)!.toLowerCase();
  // macOS adds __MACOSX/ copies and "._name" resource forks, which carry the same extensions.
  if (segments.includes('__MACOSX') || base.startsWith('._')) return undefined;
  if (base.endsWith('.jsonl')) return 'chat';
  if (base.endsWith('.png')) return 'card';
  return undefined;
}

/** Everything that can be known from the directory, checked before any entry is inflated. */
function checkEntry(entry: ZipEntry, kind: 'chat' | 'card'): void {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) {
    throw new ArchiveError(
      'unsupported_entry',
      `'${shownName(entry.name)}' is encrypted or compressed in a way we can't read; zip it again without a password.`,
    );
  }
  checkSize(entry.name, entry.size, kind);
}

/** A chat file's or card's size, known before it is inflated or decoded. */
function checkSize(fileName: string, size: number, kind: 'chat' | 'card'): void {
  const name = shownName(fileName);
  const limit = kind === 'chat' ? ARCHIVE_LIMITS.maxChatBytes : ARCHIVE_LIMITS.maxCardBytes;
  if (size > limit) {
    const what = kind === 'chat' ? 'a chat file' : 'a card';
    throw new ArchiveError('too_large', `'${name}' is larger than the ${limit / MB} MB ${what} may be.`, 413);
  }
  if (size === 0) throw new ArchiveError('empty_entry', `'${name}' is empty.`);
}

async function readChat(fileName: string, data: Uint8Array, budget: ImportBudget): Promise<ArchiveChat> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch (error) {
    throw new ArchiveError('invalid_chat', `'${shownName(fileName)}' is not UTF-8 text.`, 400, { cause: error });
  }
  try {
    const steps = chatFileSteps(fileName, text, { fileName: shownName(fileName) });
    for (;;) {
      const step = steps.next();
      if (step.done) {
        budget.messages += step.value.messages.length;
        if (budget.messages > ARCHIVE_LIMITS.maxMessages) {
          throw new ArchiveError(
            'too_large',
            `The import holds more than ${ARCHIVE_LIMITS.maxMessages} messages; one import takes at most that many.`,
            413,
          );
        }
        return step.value;
      }
      await nextTurn();
    }
  } catch (error) {
    if (!isChatFileError(error)) throw error;
    if (CHAT_FILE_SIZE_CODES.has(error.code)) throw new ArchiveError('too_large', error.message, 413, { cause: error });
    throw new ArchiveError(error.code === 'unsupported_format' ? 'unsupported_format' : 'invalid_chat', error.message, 400, {
      cause: error,
    });
  }
}
