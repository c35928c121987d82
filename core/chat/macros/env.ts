/** What macros stand for in one filling: the names, the card's fields, the chat, the clock, the dice. */

/** Macros that insert one of the card's fields (or the persona), filled in the order SillyTavern fills them. */
export const FIELD_MACROS = [
  'description',
  'personality',
  'scenario',
  'persona',
  'mesExamples',
  'charPrompt',
  'charJailbreak',
  'charVersion',
] as const;
export type FieldMacro = (typeof FIELD_MACROS)[number];

export interface MacroEnv {
  /** {{char}}, <BOT>, <CHAR>. */
  char: string;
  /** {{user}}, <USER>. */
  user: string;
  /** {{group}}, {{charIfNotGroup}}, <GROUP>: the character's name in a chat with one character. */
  group?: string;
  /**
   * The card's fields, each already filled with every other macro: {{description}} and the like.
   * Absent while a field itself is being filled, so a field never inserts itself (or another field):
   * such a macro stays as its text, as in SillyTavern.
   */
  fields?: Partial<Record<FieldMacro, string>>;
  /** {{original}} where a card's system prompt replaces cardchat's: the first one only, the rest ''. */
  original?: string;
  /** {{lastMessage}}, {{lastUserMessage}}, {{lastCharMessage}}: '' when absent. */
  lastMessage?: string;
  lastUserMessage?: string;
  lastCharMessage?: string;
  /** When the person last wrote before the newest message: {{idle_duration}} ('just now' without one). */
  idleSince?: Date | null;
  /** The clock for the time macros (now when absent). */
  now?: Date;
  /** The person's IANA time zone for the time macros; the runtime's own when absent or unknown. */
  timeZone?: string | undefined;
  /** {{random}} and {{roll}}: fresh each filling; injected so tests are exact (Math.random when absent). */
  random?: () => number;
  /** {{pick}} is drawn from this seed (the chat's id), the text and the macro's place in it: the same every time. */
  pickSeed?: string;
  /** {{maxPrompt}}: the tokens the prompt may take. */
  maxPrompt?: number;
}
