import { MAX_MESSAGE_CHARS } from '../../../core/contract/constants';
import { badRequest } from '../../errors';

/** The message as it is stored: trimmed, never empty, within the limit (counted in characters, not UTF-16 units). */
export function checkedMessageText(raw: string | undefined): string {
  const text = raw?.trim() ?? '';
  if (!text) throw badRequest('empty_message', 'Type a message before sending.');
  if ([...text].length > MAX_MESSAGE_CHARS) {
    throw badRequest('message_too_long', `Messages can be at most ${MAX_MESSAGE_CHARS} characters.`);
  }
  return text;
}
