/**
 * The editor's preview of a card's macros: what each field reads as in a new chat with this person,
 * filled by the same code the server uses (core/chat). Its dice are seeded, so the preview does not
 * change at every keystroke; a chat rolls its own.
 */
import type { Card } from '@core/card/index';
import { greetingEnv } from '@core/chat/greetingMacros';

export const PREVIEW_CHAT_ID = 'editor-preview';

export function macroFiller(card: Pick<Card, 'data'>, userName: string): (text: string) => string {
  const context = greetingEnv(card, { userName, chatId: PREVIEW_CHAT_ID });
  return (text) => context.fill(text);
}
