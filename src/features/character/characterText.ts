/** What a character's page says of its card beyond the fields themselves: token count, lorebook size, its words as the chat shows them. */
import type { CharacterPage, PublicImage } from '@core/contract';
import { estimateTokens } from '@core/chat/tokens';
import { greetingEnv } from '@core/chat/greetingMacros';
import { filledGreetings, fromDetails, type CharacterView, type GreetingReader } from '../chat/chatCharacter';

type Data = Record<string, unknown>;

const text = (data: Data, field: string) => (typeof data[field] === 'string' ? (data[field] as string) : '');

export function cardText(page: CharacterPage) {
  const data = page.card.data as Data;
  const tags = Array.isArray(data.tags) ? data.tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '') : [];
  const book = data.character_book as { entries?: unknown[] } | undefined;
  return {
    name: text(data, 'name') || page.filename,
    creator: text(data, 'creator'),
    creatorNotes: text(data, 'creator_notes'),
    description: text(data, 'description'),
    personality: text(data, 'personality'),
    scenario: text(data, 'scenario'),
    tags,
    lorebookEntries: Array.isArray(book?.entries) ? book.entries.length : 0,
  };
}

/**
 * Tokens the card takes in every prompt (what SillyTavern and chub.ai call permanent: description,
 * personality, scenario, examples, the card's prompts) and with its first message.
 */
export function cardTokens(page: CharacterPage): { permanent: number; total: number } {
  const data = page.card.data as Data;
  const permanent = ['description', 'personality', 'scenario', 'mes_example', 'system_prompt', 'post_history_instructions']
    .map((field) => estimateTokens(text(data, field)))
    .reduce((sum, tokens) => sum + tokens, 0);
  return { permanent, total: permanent + estimateTokens(text(data, 'first_mes')) };
}

/** The page's character as the chat knows characters (its greetings, its favorite button). */
export function characterOfPage(page: CharacterPage): CharacterView {
  const data = page.card.data as Data;
  return fromDetails({
    file_id: page.file_id,
    filename: page.filename,
    url: page.url,
    display_title: text(data, 'name'),
    tags: cardText(page).tags,
    card_type: page.card_type,
    card_data: page.card,
  });
}

/**
 * The card's words as a chat with this reader will show them: the description, personality and
 * scenario, the first message and the alternate greetings, with their macros filled as the chat
 * fills them ({{user}}, {{char}}, dates...). Dice-like macros are rolled for the page, as the chat
 * rolls them anew for each new chat.
 */
export function pageForReader(page: CharacterPage, reader: Omit<GreetingReader, 'chatId'>) {
  const options = { ...reader, chatId: `page:${page.file_id}`, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const character = characterOfPage(page);
  const env = character.card ? greetingEnv(character.card, options) : null;
  const fill = (text: string) => (env ? env.fill(text) : text);
  const { description, personality, scenario } = cardText(page);
  return {
    description: fill(description),
    personality: fill(personality),
    scenario: fill(scenario),
    greetings: filledGreetings(character, options),
  };
}

/** The page's card as gallery lists carry it, for what opens a chat with it. */
export function pageAsListed(page: CharacterPage): PublicImage {
  const { name, creator, description, personality, scenario, tags } = cardText(page);
  return {
    file_id: page.file_id,
    title: name,
    display_title: name,
    filename: page.filename,
    url: page.url,
    thumbnail_url: page.thumbnail_url,
    thumbnail_srcset: page.thumbnail_srcset,
    upload_time: page.created_at,
    favorite_count: page.stats.likes,
    chat_count: page.stats.chats,
    creator_handle: page.creator_handle,
    content_rating: page.content_rating,
    card_data: {
      spec_version: page.card.spec_version,
      data: { name, creator, description, personality, scenario, first_mes: text(page.card.data as Data, 'first_mes'), tags },
    },
  };
}
