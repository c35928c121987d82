/** File names going into and coming out of chat archives. */
import { safeFileName } from '../../../../core/fileName';

export { entryNameKey, isSafeEntryName } from '../../../../core/zip/index';

/** A file name base for an archive entry, from free text such as a character's name; 'chat' when nothing usable is left. */
export const safeArchiveName = (base: string): string => safeFileName(base, 'chat');

/** "Aqua.jsonl" taken → "Aqua (2).jsonl"; compared case-insensitively, as many file systems do. */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
