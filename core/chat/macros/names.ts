/**
 * Which macros a text uses, for the character editor: each named once, in the order first used,
 * with whether cardchat fills it (an unknown macro reaches the model as its text).
 */
import { FIELD_MACROS } from './env';

export interface MacroUse {
  /** As an author would write it, without arguments: '{{char}}', '{{random}}', '{{// …}}', '<USER>'. */
  name: string;
  known: boolean;
}

const SIMPLE = new Set(
  [
    'char',
    'user',
    'group',
    'charIfNotGroup',
    'char_version',
    'original',
    'newline',
    'trim',
    'noop',
    'input',
    'maxPrompt',
    'lastMessage',
    'lastUserMessage',
    'lastCharMessage',
    'idle_duration',
    'time',
    'date',
    'weekday',
    'isotime',
    'isodate',
    ...FIELD_MACROS,
  ].map((name) => name.toLowerCase()),
);
const WITH_ARGUMENTS: [RegExp, string][] = [
  [/^random\s?::?/i, 'random'],
  [/^pick\s?::?/i, 'pick'],
  [/^roll[ :]/i, 'roll'],
  [/^reverse:/i, 'reverse'],
  [/^time_utc[-+]\d+$/i, 'time_UTC'],
];
const MACRO = /\{\{([^{}]{0,200})\}\}|<(USER|BOT|CHAR|CHARIFNOTGROUP|GROUP)>/gi;
/** A text names few macros; a hostile one is not read past this many. */
const MAX_SCANNED = 2000;

function useOf(body: string): MacroUse {
  if (body.startsWith('//')) return { name: '{{// …}}', known: true };
  if (SIMPLE.has(body.toLowerCase())) return { name: `{{${body}}}`, known: true };
  for (const [pattern, name] of WITH_ARGUMENTS) if (pattern.test(body)) return { name: `{{${name}}}`, known: true };
  return { name: `{{${body.split(/[:\s]/)[0] ?? body}}}`, known: false };
}

export function macrosUsed(text: string): MacroUse[] {
  const uses = new Map<string, MacroUse>();
  let scanned = 0;
  for (const match of text.matchAll(MACRO)) {
    if (++scanned > MAX_SCANNED) break;
    const use = match[2] !== undefined ? { name: `<${match[2].toUpperCase()}>`, known: true } : useOf(match[1]!);
    const key = use.name.toLowerCase();
    if (!uses.has(key)) uses.set(key, use);
  }
  return [...uses.values()];
}
