import { MAX_MESSAGE_CHARS, MAX_REPLY_CHARS } from '@core/contract/constants';
import type { Message } from '../../db/schema';
import { badRequest } from '../../errors';

/** The message as it is stored: trimmed, never empty, within the limit (counted in characters, not UTF-16 units). */
export function checkedMessageText(
  raw: string | undefined,
  { limit = MAX_MESSAGE_CHARS, whenEmpty = 'Type a message before sending.' } = {},
): string {
  const text = raw?.trim() ?? '';
  if (!text) throw badRequest('empty_message', whenEmpty);
  if ([...text].length > limit) {
    throw badRequest('message_too_long', `Messages can be at most ${limit} characters.`);
  }
  return text;
}

/**
 * An edit's new text: a person's own message keeps the limit of what they may send; a character's
 * (or an imported narrator's) may be as long as a reply may be, so fixing a long reply is never refused.
 */
export function checkedEditText(role: Message['role'], raw: string): string {
  return checkedMessageText(raw, {
    limit: role === 'user' ? MAX_MESSAGE_CHARS : MAX_REPLY_CHARS,
    whenEmpty: 'A message cannot be empty: delete it instead.',
  });
}
