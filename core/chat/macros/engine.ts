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

/** One filling of one text: the frames of the macros open at the moment, and what was written. */
class Expansion implements MacroCall {
  offset = 0;
  private hash: number | undefined;
  private originalUsed = false;
  private readonly root: Frame = { open: -1, text: '' };
  private readonly stack: Frame[] = [this.root];
  private evaluated = 0;
  private skipNewlines = false;
  private literalFrom = 0;

  constructor(
    readonly env: MacroEnv,
    private readonly source: string,
    private readonly maxLength: number,
  ) {}

  textHash(): number {
    return (this.hash ??= hashString(this.source));
  }

  takeOriginal(): string | undefined {
    if (this.env.original === undefined) return undefined;
    if (this.originalUsed) return '';
    this.originalUsed = true;
    return this.env.original;
  }

  private get top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private append(piece: string): void {
    let value = piece;
    if (this.skipNewlines && value !== '') {
      value = value.replace(/^(?:\r?\n)+/, '');
      if (value !== '') this.skipNewlines = false;
    }
    this.top.text += value;
  }

  private flushLiteral(end: number): void {
    if (end > this.literalFrom) this.append(this.source.slice(this.literalFrom, end));
  }

  private open(at: number): void {
    this.flushLiteral(at);
    if (this.stack.length > MAX_MACRO_DEPTH) this.append('{{');
    else this.stack.push({ open: at, text: '' });
    this.literalFrom = at + 2;
  }

  private close(at: number): void {
    this.flushLiteral(at);
    const frame = this.stack.pop()!;
    this.evaluated += 1;
    this.offset = frame.open;
    const value = this.evaluated > MAX_MACROS ? undefined : macroValue(frame.text, this);
    if (value === TRIM) {
      this.top.text = this.top.text.replace(/(?:\r?\n)+$/, '');
      this.skipNewlines = true;
    } else {
      this.append(value ?? `{{${frame.text}}}`);
    }
    this.literalFrom = at + 2;
  }

  run(): string {
    const { source, maxLength } = this;
    const n = source.length;
    let full = false;
    const brace = /[{}]/g;
    for (let match = brace.exec(source); match !== null; match = brace.exec(source)) {
      if (this.top.text.length > maxLength || this.root.text.length > maxLength) {
        full = true;
        break;
      }
      const i = match.index;
      const code = source.charCodeAt(i);
      // In a run of braces the last two open and the first two close: '{{{char}}}' is '{Mira}'.
      if (code === OPEN && source.charCodeAt(i + 1) === OPEN && source.charCodeAt(i + 2) !== OPEN) {
        this.open(i);
        brace.lastIndex = i + 2;
      } else if (code === CLOSE && source.charCodeAt(i + 1) === CLOSE && this.stack.length > 1) {
        this.close(i);
        brace.lastIndex = i + 2;
      }
    }
    if (!full) this.flushLiteral(n);
    // Unclosed macros are text: each frame goes back into the one it was opened in.
    while (this.stack.length > 1) {
      const frame = this.stack.pop()!;
      this.top.text += `{{${frame.text}`;
    }
    return this.root.text.length > maxLength ? this.root.text.slice(0, maxLength) : this.root.text;
  }
}

/** `text` with its macros filled (see the module's comment for the bounds). */
export function expandMacros(text: string, env: MacroEnv, options: MacroOptions = {}): string {
  const maxLength = Math.max(0, options.maxLength ?? MAX_MACRO_RESULT);
  const source = replaceLegacy(text, env);
  if (!source.includes('{{')) return source.length > maxLength ? source.slice(0, maxLength) : source;
  return new Expansion(env, source, maxLength).run();
}
