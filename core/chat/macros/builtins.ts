/**
 * One macro's value from its body (the text between `{{` and `}}`, inner macros already filled),
 * with SillyTavern's spellings: names in any case, `{{random::a::b}}` or `{{random:a, b}}`, the
 * same two forms for `{{pick}}`, `{{roll:2d6}}` or `{{roll 20}}`, `{{reverse:text}}`, `{{// note}}`.
 */
import { rollDice } from './dice';
import { FIELD_MACROS, type MacroEnv } from './env';
import { randomIndex, seededRandom } from './seeded';
import { formatClock, formatUtcOffset, humanizeDuration, type ClockMacro } from './time';

/** `{{trim}}`: removes the newlines around it (the engine does it; the value says where). */
export const TRIM = Symbol('trim');
/** What a macro stands for: text, the trim marker, or undefined to leave the macro as its text. */
export type MacroValue = string | typeof TRIM | undefined;

/** Everything a filling needs besides the body: the env, and what seeds `{{pick}}` at this place. */
export interface MacroCall {
  env: MacroEnv;
  /** Where the macro starts in the text being filled. */
  offset: number;
  /** The hash of the whole text being filled (part of {{pick}}'s seed). */
  textHash: () => number;
  /** {{original}} is used once: later ones are ''. */
  takeOriginal: () => string | undefined;
}

const CLOCK = new Set<string>(['time', 'date', 'weekday', 'isotime', 'isodate']);
const FIELD_BY_LOWER = new Map<string, (typeof FIELD_MACROS)[number]>(FIELD_MACROS.map((name) => [name.toLowerCase(), name]));
const COMMA_PLACEHOLDER = '\u0000';

/** A `{{random}}`/`{{pick}}` list: split on '::' when it has one, else on commas (`\,` is a comma), trimmed. */
export function macroList(args: string): string[] {
  if (args.includes('::')) return args.split('::');
  return args
    .replaceAll('\\,', COMMA_PLACEHOLDER)
    .split(',')
    .map((item) => item.trim().replaceAll(COMMA_PLACEHOLDER, ','));
}

const LIST = /^(random|pick)\s?::?([\s\S]+)$/i;
const ROLL = /^roll[ :]([\s\S]+)$/i;
const REVERSE = /^reverse:([\s\S]+)$/i;
const UTC = /^time_utc([-+]\d+)$/i;

function simple(name: string, call: MacroCall): MacroValue {
  const { env } = call;
  switch (name) {
    case 'char':
      return env.char;
    case 'user':
      return env.user;
    case 'group':
    case 'charifnotgroup':
      return env.group ?? env.char;
    case 'char_version':
      return env.fields?.charVersion;
    case 'original':
      return call.takeOriginal();
    case 'newline':
      return '\n';
    case 'trim':
      return TRIM;
    case 'noop':
    case 'input':
      return '';
    case 'maxprompt':
      return env.maxPrompt === undefined ? undefined : String(env.maxPrompt);
    case 'lastmessage':
      return env.lastMessage ?? '';
    case 'lastusermessage':
      return env.lastUserMessage ?? '';
    case 'lastcharmessage':
      return env.lastCharMessage ?? '';
    case 'idle_duration':
      return env.idleSince ? humanizeDuration((env.now ?? new Date()).getTime() - env.idleSince.getTime()) : 'just now';
  }
  if (CLOCK.has(name)) return formatClock(name as ClockMacro, env.now ?? new Date(), env.timeZone);
  const field = FIELD_BY_LOWER.get(name);
  return field && env.fields ? env.fields[field] : undefined;
}

function listValue(kind: string, args: string, call: MacroCall): string {
  const list = macroList(args);
  const random =
    kind.toLowerCase() === 'pick'
      ? seededRandom(`${call.env.pickSeed ?? ''}-${call.textHash()}-${call.offset}`)
      : (call.env.random ?? Math.random);
  return list[randomIndex(random, list.length)] ?? '';
}

export function macroValue(body: string, call: MacroCall): MacroValue {
  if (body.startsWith('//')) return '';
  // Names are short: a long body is only ever one of the forms with arguments.
  if (body.length <= 32) {
    const value = simple(body.toLowerCase(), call);
    if (value !== undefined) return value;
  }
  const list = LIST.exec(body);
  if (list) return listValue(list[1]!, list[2]!, call);
  const roll = ROLL.exec(body);
  if (roll) return rollDice(roll[1]!, call.env.random ?? Math.random);
  const reverse = REVERSE.exec(body);
  if (reverse) return Array.from(reverse[1]!).reverse().join('');
  const utc = UTC.exec(body);
  if (utc) return formatUtcOffset(Number.parseInt(utc[1]!, 10), call.env.now ?? new Date());
  return undefined;
}
