/**
 * The demo provider's words: a short in-character reply made only from the card's public fields
 * (never creator_notes, which are for readers of the card, not for the character to say).
 * Every choice comes from a hash of the user's message, so the same message to the same card
 * always gets the same reply — the e2e tests and screenshots rely on that.
 */
import { boundedText, characterDisplayName, fillPlaceholders, type Card } from '@core/card/index';

const ACTIONS = ['looks up', 'leans in a little', 'pauses for a moment', 'smiles faintly', 'glances around'];
const OPENERS = ['Ah', 'Well', 'Hm', 'Oh'];
/** One sentence each: with the action, the greeting and a narration line, a reply stays within 4. */
const REACTIONS = [
  "You said '{said}', and I have been turning it over ever since.",
  "'{said}' deserves a proper answer.",
  "I heard you say '{said}', so tell me more.",
  "If you mean '{said}', then let us see where that leads.",
];
const SILENT_REACTIONS = ["I'm listening.", 'Go on, say what is on your mind.'];
/** Traits longer than this are sentences, which read badly in "*Name smiles, <trait> as ever.*". */
const MAX_TRAIT_WORDS = 4;
const MAX_QUOTED_WORDS = 8;
/** A reply is a few sentences; a card's field without a full stop must not make it a book. */
export const MAX_DEMO_REPLY_CHARS = 600;

export function demoReply(card: Card, userName: string, message: string): string {
  const name = characterDisplayName(card);
  const fill = (text: string) => fillPlaceholders(text.slice(0, MAX_DEMO_REPLY_CHARS), { char: name, user: userName });
  const pick = <T>(list: readonly T[], slot: string): T => list[hash(`${slot}:${message}`) % list.length]!;

  const traits = phrases(fill(card.data.personality)).filter((phrase) => wordCount(phrase) <= MAX_TRAIT_WORDS);
  const action = pick(ACTIONS, 'action');
  const sentences = [traits.length > 0 ? `*${name} ${action}, ${lowerFirst(pick(traits, 'trait'))} as ever.*` : `*${name} ${action}.*`];

  const said = quotable(message);
  const reaction = said ? pick(REACTIONS, 'reaction').replace('{said}', () => said) : pick(SILENT_REACTIONS, 'silent');
  sentences.push(`"${pick(OPENERS, 'opener')}, ${userName}. ${reaction}"`);

  // A line of narration from the scenario or description, when the card has one and the hash asks for it.
  const narration = [firstSentence(fill(card.data.scenario)), firstSentence(fill(card.data.description))];
  const scene = pick([...narration, ''], 'narration');
  if (scene) sentences.push(`*${scene}.*`);
  return boundedText(sentences.join(' '), MAX_DEMO_REPLY_CHARS);
}

/** FNV-1a: tiny, stable across runs and platforms, and good enough to spread picks. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function phrases(text: string): string[] {
  return text
    .split(/[,;\n]|\.\s/)
    .map((phrase) => phrase.replace(/[.!?]+$/, '').trim())
    .filter(Boolean);
}

function firstSentence(text: string): string {
  const sentence = text.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  return sentence.replace(/[.!?]+$/, '').trim();
}

/**
 * The start of the user's words, without the markup they wrote them in (`<action>` tags and any
 * other tag, asterisks, quotes), which would otherwise show raw inside our quote or break its styling.
 */
function quotable(message: string): string {
  const words = message
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .replace(/["*.!?…]|'(?!\p{L})|(?<!\p{L})'/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const start = words.slice(0, MAX_QUOTED_WORDS).join(' ');
  return words.length > MAX_QUOTED_WORDS ? `${start}…` : start;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** "Curious" → "curious" mid-sentence, but "NASA-trained" keeps its capitals. */
function lowerFirst(text: string): string {
  return /^\p{Lu}{2}/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
