import { boundedText, MAX_NAME_CHARS } from '../card/summary';

/**
 * The name {{user}} stands for and user messages are signed with: the profile's name, else the
 * e-mail's local part, else 'You'. One rule for the server (stored greetings, exports) and the PWA
 * (greetings shown before the first send), so both fill a greeting the same way.
 */
export function userDisplayName(profile: { name: string | null; email: string | null } | null): string {
  return boundedText(profile?.name?.trim() || profile?.email?.split('@')[0] || 'You', MAX_NAME_CHARS);
}
