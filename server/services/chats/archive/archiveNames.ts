/** File names going into and coming out of chat archives. */
import { safeFileName } from '@core/fileName';

export { entryNameKey, isSafeEntryName } from '@core/zip/index';

/** A file name base for an archive entry, from free text such as a character's name; 'chat' when nothing usable is left. */
export const safeArchiveName = (base: string): string => safeFileName(base, 'chat');

/**
 * Names for the entries of one archive: "Aqua.jsonl" taken → "Aqua (2).jsonl", compared
 * case-insensitively, as many file systems do. Each name remembers the next number to try, so ten
 * thousand chats with one character cost no more than ten thousand names.
 */
export class EntryNames {
  private readonly taken = new Set<string>();
  private readonly next = new Map<string, number>();

  unique(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    const key = name.toLowerCase();
    let n = this.next.get(key) ?? 1;
    let candidate = n === 1 ? name : `${stem} (${n})${extension}`;
    while (this.taken.has(candidate.toLowerCase())) {
      n += 1;
      candidate = `${stem} (${n})${extension}`;
    }
    this.next.set(key, n + 1);
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
