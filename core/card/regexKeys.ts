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
  /**
   * Text every match contains (lower-case when `caseInsensitive`), when the pattern's shape proves
   * one: a text without it cannot match, so most texts are ruled out by a plain search.
   */
  literal: string | null;
  caseInsensitive: boolean;
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

const SPECIAL = new Set('\\^$.|?*+()[]{}'.split(''));
const LITERAL_ESCAPES = new Set('\\^$.|?*+()[]{}/-'.split(''));
/** Escapes of one letter that stand for a class, a boundary or a control character, and take nothing more. */
const ONE_LETTER_ESCAPES = new Set('bBdDwWsSnrtfv'.split(''));
const isPlain = (char: string) => /^[A-Za-z0-9 _,;:'"!@#%&=<>~`-]$/.test(char);

/**
 * The longest run of characters that any match must contain, read from the pattern's top level:
 * plain ASCII characters not made optional by a quantifier, outside groups and classes; none when
 * the pattern has a top-level alternative. Case-insensitively, 's' and 'k' end a run (Unicode folds
 * 'ſ' and the Kelvin sign onto them, which lower-casing the text would not).
 */
export function requiredLiteral(pattern: string, caseInsensitive: boolean): string | null {
  // Inline flags change case-sensitivity part-way through: not read here.
  if (pattern.includes('(?')) return null;
  const runs: string[] = [];
  let run = '';
  let depth = 0;
  let inClass = false;
  const end = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    let literal: string | null = null;
    if (char === '\\') {
      const next = pattern[++i] ?? '';
      // \x41, \u0041, \p{L}, \cJ… take characters of their own: not read here.
      if (/[A-Za-z0-9]/.test(next) && !ONE_LETTER_ESCAPES.has(next)) return null;
      if (!inClass && depth === 0 && LITERAL_ESCAPES.has(next)) literal = next;
    } else if (inClass) {
      if (char === ']') inClass = false;
      continue;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(') {
      depth++;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === '|' && depth === 0) {
      return null;
    } else if (depth === 0 && !SPECIAL.has(char) && isPlain(char)) {
      literal = char;
    }
    const quantified = ['?', '*', '{'].includes(pattern[i + 1] ?? '');
    if (literal === null || depth > 0 || quantified || (caseInsensitive && /[sk]/i.test(literal))) {
      end();
      continue;
    }
    run += caseInsensitive ? literal.toLowerCase() : literal;
  }
  end();
  const longest = runs.reduce((best, candidate) => (candidate.length > best.length ? candidate : best), '');
  return longest.length >= 2 ? longest : null;
}

function compile(key: string): CompiledRegexKey {
  const shape = SHAPE.exec(key)!;
  const pattern = shape[1]!.replaceAll('\\/', '/');
  if (pattern.length > MAX_REGEX_KEY_CHARS) return { ok: false, reason: `longer than ${MAX_REGEX_KEY_CHARS} characters` };
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), flagsOf(shape[2]!));
    if (compiled.programSize() > MAX_REGEX_PROGRAM_SIZE) return { ok: false, reason: 'too costly to run' };
    const caseInsensitive = shape[2]!.includes('i');
    return { ok: true, key: { test: (text) => compiled.test(text), literal: requiredLiteral(pattern, caseInsensitive), caseInsensitive } };
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
