/**
 * Cards that come as text: `.json` (V1, V2, V3 as chub.ai, SillyTavern and RisuAI export them, and
 * the Gradio layout SillyTavern also reads) and SillyTavern's `.yaml`. Whatever is wrong with such
 * a file is one refusal, 'invalid_card_file', with the finer reason kept as its detail.
 */
import { CardError } from './errors';
import { parseJson } from './json';
import { normalizeCard } from './normalize';
import type { Card, CardFormat, CardLimits } from './types';
import { isPlainObject } from './validate';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Runs `read`, turning any CardError it throws into 'invalid_card_file' (its code kept as the detail). */
export function asCardFile<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CardError && error.code !== 'invalid_card_file') {
      throw new CardError('invalid_card_file', error.detail ? `${error.code}: ${error.detail}` : error.code, { cause: error });
    }
    throw error;
  }
}

/** The Gradio / Pygmalion layout: `char_name`, `char_persona`, ... (SillyTavern maps it the same way). */
function fromGradio(json: Record<string, unknown>): Record<string, unknown> {
  return {
    name: json.char_name,
    description: json.char_persona ?? '',
    scenario: json.world_scenario ?? '',
    first_mes: json.char_greeting ?? '',
    mes_example: json.example_dialogue ?? '',
  };
}

/** Parsed card JSON (from a file, a .charx's card.json or YAML) → Card. */
export function cardOfJson(json: unknown): { card: Card; format: CardFormat } {
  const isGradio = isPlainObject(json) && json.char_name !== undefined && json.name === undefined && json.data === undefined;
  return asCardFile(() => normalizeCard(isGradio ? fromGradio(json) : json));
}

/** UTF-8 bytes (a BOM allowed, as Windows editors write one) → card JSON value. */
export function parseCardJson(bytes: Uint8Array, limits: CardLimits): unknown {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return asCardFile(() => parseJson(bytes.subarray(start), limits.maxDepth));
}

/**
 * Refuses YAML nested deeper than the cap before a parser sees it: flow brackets outside quotes and
 * comments, plus block indentation levels. It may over-count (an indented line inside a block
 * scalar), never under-count, so what passes stays inside the cap when parsed.
 */
export function checkYamlDepth(text: string, maxDepth: number): void {
  const indents: number[] = [];
  let flow = 0;
  for (const line of text.split(/\r?\n/)) {
    const indent = line.length - line.trimStart().length;
    const content = line.slice(indent);
    if (content === '' || content.startsWith('#')) continue;
    while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
    indents.push(indent);
    let quote = '';
    for (let i = 0; i < content.length; i++) {
      const ch = content[i]!;
      if (quote) {
        if (ch === quote) quote = '';
        else if (ch === '\\' && quote === '"') i++;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '#' && (i === 0 || content[i - 1] === ' ')) break;
      else if (ch === '[' || ch === '{') flow++;
      else if (ch === ']' || ch === '}') flow = Math.max(0, flow - 1);
      if (indents.length + flow > maxDepth) throw new CardError('invalid_card_file', 'too_deep');
    }
    if (indents.length + flow > maxDepth) throw new CardError('invalid_card_file', 'too_deep');
  }
}

/** How many aliases a YAML card may use: SillyTavern's cards use none; a bomb needs thousands. */
const MAX_YAML_ALIASES = 20;

/**
 * SillyTavern's YAML layout (as text-generation-webui writes characters): `name`, `context` (the
 * description), `greeting` (the first message), and `example_dialogue` where it is present. A YAML
 * file that is a card itself (`spec` or `data`) is read as one.
 */
export async function parseYamlCard(bytes: Uint8Array, limits: CardLimits): Promise<unknown> {
  if (bytes.length > limits.maxYamlBytes) throw new CardError('card_file_too_large', 'yaml');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch (error) {
    throw new CardError('invalid_card_file', 'bad_utf8', { cause: error });
  }
  checkYamlDepth(text, limits.maxDepth);
  // Loaded on first use, so the browser fetches the YAML parser only when someone picks a YAML file.
  const { parseDocument } = await import('yaml');
  let value: unknown;
  try {
    const doc = parseDocument(text, { schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false });
    // A warning is a tag it doesn't know (!!js/function...) or the like: not a card SillyTavern wrote.
    if (doc.errors.length > 0 || doc.warnings.length > 0) throw doc.errors[0] ?? doc.warnings[0];
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    throw new CardError('invalid_card_file', 'yaml', { cause: error });
  }
  if (!isPlainObject(value)) throw new CardError('invalid_card_file', 'not_a_mapping');
  const layout =
    value.spec !== undefined || value.data !== undefined
      ? value
      : {
          name: value.name,
          description: value.context ?? '',
          first_mes: value.greeting ?? '',
          mes_example: value.example_dialogue ?? '',
        };
  if (typeof (layout.name ?? (layout.data as Record<string, unknown> | undefined)?.name) !== 'string') {
    throw new CardError('invalid_card_file', 'no_name');
  }
  // Through JSON once more, so the YAML's values get the JSON reader's own checks (depth, unsafe keys).
  let json: string;
  try {
    json = JSON.stringify(layout);
  } catch (error) {
    throw new CardError('invalid_card_file', 'not_serialisable', { cause: error });
  }
  return parseCardJson(encoder.encode(json), limits);
}
