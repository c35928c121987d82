import { thumbnailUrl } from '@core/contract/constants';
import { db, type LocalChat } from './db';

/** A character a group may be made with. */
export interface GroupCandidate {
  id: string;
  name: string;
  card_type: 'public' | 'user';
  avatar_url: string;
}

/** How many of the cached public gallery's newest cards are offered beside the person's own. */
const GALLERY_CANDIDATES = 60;

/**
 * The characters the person may chat with that this device knows, each once, by name: their own
 * cards, their favorites, the characters of their chats (groups aside), and the public gallery's
 * cards seen here.
 */
export async function groupCandidates(): Promise<GroupCandidate[]> {
  const [own, favorites, chats, gallery] = await db.transaction('r', db.collections, db.favorites, db.chats, db.cards, () =>
    Promise.all([
      db.collections.toArray(),
      db.favorites.toArray(),
      db.chats.toArray(),
      db.cards.orderBy('upload_time').reverse().limit(GALLERY_CANDIDATES).toArray(),
    ]),
  );
  const found = new Map<string, GroupCandidate>();
  const add = (id: string | null, name: string, cardType: 'public' | 'user') => {
    if (id && !found.has(id)) found.set(id, { id, name, card_type: cardType, avatar_url: thumbnailUrl(id) });
  };
  for (const item of own) add(item.file_id, item.display_title, item.is_public ? 'public' : 'user');
  for (const favorite of favorites) add(favorite.file_id, favorite.character_name, favorite.image_type);
  for (const chat of chats) if (!chat.members) add(chat.character_id, chat.character_name, chat.card_type);
  for (const card of gallery) add(card.file_id, card.display_title, 'public');
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The person's group chats on this device, the most recently active first (a character is added to one). */
export async function groupChats(): Promise<LocalChat[]> {
  const chats = await db.chats.orderBy('last_message_time').reverse().toArray();
  return chats.filter((chat) => chat.members && !chat.localOnly);
}
