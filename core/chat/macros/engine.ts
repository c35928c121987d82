/**
 * The macro engine: fills SillyTavern's macros in a text in one linear pass, inner macros first
 * (so `{{random::{{roll:d6}}::{{user}}}}` works as authors expect), in bounded time and size
 * whatever the text: nesting past MAX_MACRO_DEPTH, macros past MAX_MACROS and an unclosed `{{`
 * stay as text, and the result never exceeds `maxLength` characters. A value is inserted as it
 * is, never filled again, so a name holding `{{user}}` or a macro's own output cannot expand.
 * Unknown macros stay as their text, as in SillyTavern.
 */
import { macroValue, TRIM, type MacroCall } from './builtins';
import type { MacroEnv } from './env';
import { hashString } from './seeded';

export const MAX_MACRO_DEPTH = 16;
export const MAX_MACROS = 20_000;
/** The default cap on a filled text's length (characters). */
export const MAX_MACRO_RESULT = 1_000_000;

export interface MacroOptions {
  /** The filled text is cut to this many characters. */
  maxLength?: number;
}

const LEGACY = /<(USER|BOT|CHAR|CHARIFNOTGROUP|GROUP)>/gi;

/** TavernAI's <USER>, <BOT>, <CHAR>, <GROUP> and <CHARIFNOTGROUP>, replaced first as SillyTavern does. */
function replaceLegacy(text: string, env: MacroEnv): string {
  if (!text.includes('<')) return text;
  return text.replace(LEGACY, (_match, name: string) => {
    const lower = name.toLowerCase();
    return lower === 'user' ? env.user : lower === 'bot' || lower === 'char' ? env.char : (env.group ?? env.char);
  });
}

interface Frame {
  /** Where its `{{` is in the text. */
  open: number;
  text: string;
}

const OPEN = 123; // {
const CLOSE = 125; // }

/** `text` with its macros filled (see the module's comment for the bounds). */
export function expandMacros(text: string, env: MacroEnv, options: MacroOptions = {}): string {
  const maxLength = Math.max(0, options.maxLength ?? MAX_MACRO_RESULT);
  const source = replaceLegacy(text, env);
  if (!source.includes('{{')) return source.length > maxLength ? source.slice(0, maxLength) : source;

  let hash: number | undefined;
  let originalUsed = false;
  const call: MacroCall = {
    env,
    offset: 0,
    textHash: () => (hash ??= hashString(source)),
    takeOriginal: () => {
      if (env.original === undefined) return undefined;
      if (originalUsed) return '';
      originalUsed = true;
      return env.original;
    },
  };

  const root: Frame = { open: -1, text: '' };
  const stack: Frame[] = [root];
  let evaluated = 0;
  let skipNewlines = false;
  let literalFrom = 0;
  const top = () => stack[stack.length - 1]!;
  const append = (piece: string) => {
    let value = piece;
    if (skipNewlines && value !== '') {
      value = value.replace(/^(?:\r?\n)+/, '');
      if (value !== '') skipNewlines = false;
    }
    top().text += value;
  };
  const flushLiteral = (end: number) => {
    if (end > literalFrom) append(source.slice(literalFrom, end));
  };

  let i = 0;
  const n = source.length;
  let full = false;
  while (i < n - 1) {
    if (top().text.length > maxLength || root.text.length > maxLength) {
      full = true;
      break;
    }
    const code = source.charCodeAt(i);
    // In a run of braces the last two open and the first two close: '{{{char}}}' is '{Mira}'.
    if (code === OPEN && source.charCodeAt(i + 1) === OPEN && source.charCodeAt(i + 2) !== OPEN) {
      flushLiteral(i);
      if (stack.length > MAX_MACRO_DEPTH) {
        append('{{');
      } else {
        stack.push({ open: i, text: '' });
      }
      i += 2;
      literalFrom = i;
    } else if (code === CLOSE && source.charCodeAt(i + 1) === CLOSE && stack.length > 1) {
      flushLiteral(i);
      const frame = stack.pop()!;
      evaluated += 1;
      call.offset = frame.open;
      const value = evaluated > MAX_MACROS ? undefined : macroValue(frame.text, call);
      if (value === TRIM) {
        top().text = top().text.replace(/(?:\r?\n)+$/, '');
        skipNewlines = true;
      } else {
        append(value ?? `{{${frame.text}}}`);
      }
      i += 2;
      literalFrom = i;
    } else {
      i += 1;
    }
  }
  if (!full) flushLiteral(n);
  // Unclosed macros are text: each frame goes back into the one it was opened in.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    top().text += `{{${frame.text}`;
  }
  return root.text.length > maxLength ? root.text.slice(0, maxLength) : root.text;
}
