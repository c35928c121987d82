/**
 * The password policy of OWASP ASVS 5.0 §6.2, in one place for every page that sets a password
 * (sign-up, change and reset): long enough, not a password attackers try
 * first, and otherwise anything. No composition rules (they push people to 'P@ssw0rd'), any Unicode,
 * passphrases welcome.
 */
import { breachedPasswords } from './breachedPasswords';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 15;
/** Generous for passphrases; a bound keeps every hash cheap to compute. */
export const PASSWORD_MAX_LENGTH = 200;

/** What the form says under a new password, before anything is refused. */
export const PASSWORD_HINT =
  `Use at least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more is better. ` +
  'A few unrelated words make a password that is long and easy to remember, and any letters, spaces ' +
  'or symbols work. Passwords from lists of leaked passwords are refused: attackers try those first.';

export const passwordMessages = {
  tooShort: `Your password is too short: use at least ${PASSWORD_MIN_LENGTH} characters (spaces in a row count as one). ${PASSWORD_RECOMMENDED_LENGTH} or more is better.`,
  tooLong: `Your password can be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  common: 'This password is on lists of leaked passwords that attackers try first. Choose another; a few unrelated words work well.',
  repeated: 'Your password cannot be one character repeated: attackers try those first.',
  personal: 'Your password cannot be your e-mail address, your name or "cardchat": attackers try those first.',
} as const;

/** The words a guesser tries for this account before any list. */
export interface PasswordContext {
  email: string;
  name: string;
}

/** Case, surrounding space and Unicode form do not make a password another one. */
const canonical = (text: string) => text.normalize('NFC').trim().toLowerCase();

/** Characters as a person counts them: code points, with a run of spaces counting once. */
const lengthOf = (password: string) => [...password.normalize('NFC').replace(/\s+/gu, ' ')].length;

function isPersonal(password: string, { email, name }: PasswordContext): boolean {
  const compact = (text: string) => canonical(text).replace(/\s+/gu, '');
  const guess = compact(password);
  const address = compact(email);
  const words = [address, address.split('@')[0] ?? '', compact(name), 'cardchat'];
  return words.some((word) => word.length > 0 && word === guess);
}

/** Symbols added at the end, the way people meet a "one symbol" rule ('Qwerty123!'). */
const TRAILING_SYMBOLS = /[^\p{L}\p{N}]+$/u;

/**
 * Whether a guesser's list has it: the breached-password list (case does not matter), also with the
 * symbols at its end taken off, since guessers try each entry with '!' and the like added.
 */
async function isBreached(password: string): Promise<boolean> {
  const list = await breachedPasswords();
  const guess = canonical(password);
  const base = guess.replace(TRAILING_SYMBOLS, '');
  return list.has(guess) || (base !== '' && base !== guess && list.has(base));
}

/**
 * Why this password cannot be used, or undefined when it can. One reason at a time, the one a person
 * can act on first.
 */
export async function passwordProblem(password: string, context: PasswordContext): Promise<string | undefined> {
  const length = lengthOf(password);
  if (length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (/^(.)\1*$/su.test(password.normalize('NFC'))) return passwordMessages.repeated;
  if (isPersonal(password, context)) return passwordMessages.personal;
  if (await isBreached(password)) return passwordMessages.common;
  return undefined;
}
