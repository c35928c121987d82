/**
 * Naming a branch: a chat made from another's history up to one message. A branch is called after
 * the chat it came from with the next free number, "Aqua (branch 1)", "Aqua (branch 2)"; a branch
 * of a branch counts among its family ("Aqua (branch 1)" branched again gives "Aqua (branch 3)" when
 * 1 and 2 exist), so names never pile up suffixes.
 */

import { MAX_CHAT_TITLE_CHARS } from '../contract/constants';

const SUFFIX = / \(branch (\d{1,9})\)$/;

/** The name without its branch suffix: "Aqua (branch 2)" → "Aqua". */
export function branchBase(name: string): string {
  return name.replace(SUFFIX, '');
}

/**
 * The name for a new branch of the chat shown as `originName`, given the names of the user's chats
 * (only those of the same family count).
 */
export function branchTitle(originName: string, names: Iterable<string | null | undefined>): string {
  const base = branchBase(originName.trim()) || originName.trim();
  let highest = 0;
  for (const name of names) {
    if (!name || branchBase(name) !== base) continue;
    const number = SUFFIX.exec(name)?.[1];
    if (number) highest = Math.max(highest, Number(number));
  }
  const suffix = ` (branch ${highest + 1})`;
  // A title has a length limit: a long name gives way to the number, which tells branches apart.
  return `${[...base]
    .slice(0, MAX_CHAT_TITLE_CHARS - suffix.length)
    .join('')
    .trimEnd()}${suffix}`;
}

/** The longest original's name kept from an imported file. */
const MAX_MAIN_CHAT_CHARS = 300;

/**
 * SillyTavern marks a branch (and a checkpoint) by `chat_metadata.main_chat`: the file name, without
 * `.jsonl`, of the chat it came from. Null when the chat is no branch.
 */
export function mainChatOf(metadata: Record<string, unknown> | undefined): string | null {
  const value = metadata?.main_chat;
  if (typeof value !== 'string') return null;
  const name = [...value.trim()].slice(0, MAX_MAIN_CHAT_CHARS).join('');
  return name || null;
}
