import type { Kysely } from 'kysely';
import { normalizeCard, type Card } from '@core/card/index';
import { findImage } from '../../db/repositories/images';
import type { Chat, Database } from '../../db/schema';

/**
 * The card a chat's prompt is built from: its linked card; else the card an import brought along;
 * else a bare card with the character's name (the chat still works, just without the card's details).
 */
export async function cardOfChat(db: Kysely<Database>, chat: Chat): Promise<Card> {
  if (chat.image_id) {
    const image = await findImage(db, chat.image_id);
    if (image) return JSON.parse(image.card_json) as Card;
  }
  if (chat.card_json) return JSON.parse(chat.card_json) as Card;
  return normalizeCard({ name: chat.character_name }).card;
}
