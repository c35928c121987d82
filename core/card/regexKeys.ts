/**
 * Lorebook keys written as regular expressions, `/pattern/flags` as SillyTavern reads them, run by
 * RE2 (the re2js package: a pure-JavaScript port of Google's RE2, the same in the browser and on the
 * server). RE2 matches in time linear in the text whatever the pattern, so a hostile card cannot
 * stall a prompt with catastrophic backtracking. What RE2 does not have (lookahead, lookbehind with
 * captures, backreferences) makes a pattern invalid: it never matches, and the card's warnings
 * name it (loreWarnings.ts).
 */
import { RE2JS } from 're2js';

/** Longer patterns are refused: a key is a word or a short pattern, never a program. */
export const MAX_REGEX_KEY_CHARS = 1000;
/** RE2's own measure of a compiled pattern's cost; a{1000}{1000}-style blow-ups are refused. */
export const MAX_REGEX_PROGRAM_SIZE = 20_000;

export interface RegexKey {
  test(text: string): boolean;
}

export type CompiledRegexKey = { ok: true; key: RegexKey } | { ok: false; reason: string };

/** SillyTavern's shape: `/…/` with optional JavaScript flags, the delimiter escaped inside. */
const SHAPE = /^\/([\s\S]+?)\/([gimsuy]*)$/;

/** Whether a key is a regular expression (by its shape), valid or not. */
export function isRegexKey(key: string): boolean {
  const shape = SHAPE.exec(key);
  return shape !== null && !/(^|[^\\])\//.test(shape[1]!);
}

function flagsOf(flags: string): number {
  let out = 0;
  if (flags.includes('i')) out |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('s')) out |= RE2JS.DOTALL;
  if (flags.includes('m')) out |= RE2JS.MULTILINE;
  return out;
}

function compile(key: string): CompiledRegexKey {
  const shape = SHAPE.exec(key)!;
  const pattern = shape[1]!.replaceAll('\\/', '/');
  if (pattern.length > MAX_REGEX_KEY_CHARS) return { ok: false, reason: `longer than ${MAX_REGEX_KEY_CHARS} characters` };
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), flagsOf(shape[2]!));
    if (compiled.programSize() > MAX_REGEX_PROGRAM_SIZE) return { ok: false, reason: 'too costly to run' };
    return { ok: true, key: { test: (text) => compiled.test(text) } };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return { ok: false, reason: detail };
  }
}

const cache = new Map<string, CompiledRegexKey>();
const CACHE_SIZE = 2000;

/** The key compiled (cached: the same cards' keys are compiled once per process); null when it is not a regex key. */
export function compileRegexKey(key: string): CompiledRegexKey | null {
  if (!isRegexKey(key)) return null;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = compile(key);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}
