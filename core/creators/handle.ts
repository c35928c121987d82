/**
 * A creator's public handle (/@handle): 3 to 30 of a–z, 0–9 and _, unique, not one of the words the
 * app or its people could be mistaken for. The same rules in Profile's form and on the server.
 */

export const HANDLE_MIN_CHARS = 3;
export const HANDLE_MAX_CHARS = 30;
/** The longest bio a creator page shows. */
export const MAX_BIO_CHARS = 300;

/**
 * Names of the app's own pages and people a handle could pass for: staff, the app itself, system
 * accounts, and words that would read as a page rather than a person.
 */
const RESERVED = new Set(
  `about account admin administrator admins anonymous api app assets auth billing callback cardchat
   characters chat chats collections community contact create creator creators dev everyone explore
   favorites gallery guest help home info login logout me mod moderator moderators mods new null
   official oidc owner policy pricing privacy profile recent_chat report reports review root security
   settings signin signup staff support system team terms trending undefined user users www`.split(/\s+/),
);

/** What a person typed, as the handle it stands for: without a leading '@' or spaces, lower-case. */
export function normalizeHandle(input: string): string {
  return input.trim().replace(/^@/, '').toLowerCase();
}

/** Why a (normalised) handle cannot be used, or null when it can (uniqueness is the server's to say). */
export function handleProblem(handle: string): string | null {
  if (handle.length < HANDLE_MIN_CHARS) return `A handle has at least ${HANDLE_MIN_CHARS} characters.`;
  if (handle.length > HANDLE_MAX_CHARS) return `A handle has at most ${HANDLE_MAX_CHARS} characters.`;
  if (!/^[a-z0-9_]+$/.test(handle)) return 'A handle uses only the letters a–z, the digits 0–9 and _.';
  if (RESERVED.has(handle) || /^(admin|mod|cardchat|support|staff)_?\d*$/.test(handle)) return 'This handle is reserved.';
  return null;
}
