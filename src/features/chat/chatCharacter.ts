import { characterDisplayName } from '@core/card/placeholders';
import type { Card } from '@core/card/types';
import { fillGreeting } from '@core/chat/greetingMacros';
import { cardGreetings, type CardGreeting } from '@core/chat/greetings';
import type { CharacterDetails, RecentChat } from '@core/contract';
import { thumbnailUrl } from '@core/contract/constants';

/** What a card click stores under `selectedCharacter` (gallery/cardActions.ts, also used by Favorites). */
export interface SelectedCharacter {
  id: string;
  filename: string;
  name: string;
  description: string;
  title: string;
  avatar_url: string;
  tags: string[];
  card_type: 'public' | 'user';
  card_data: { data: Record<string, unknown> };
}

/** The character a chat is with, whichever source described it. */
export interface CharacterView {
  /** The card's file_id; null when the chat's card is unknown (an imported chat, a deleted card). */
  id: string | null;
  name: string;
  cardType: 'public' | 'user';
  tags: string[];
  filename: string;
  /** The card's text when known: its greetings come from here. */
  card: Pick<Card, 'data'> | null;
}

function isSelectedCharacter(value: unknown): value is SelectedCharacter {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SelectedCharacter>;
  return typeof candidate.id === 'string' && typeof candidate.name === 'string' && typeof candidate.card_data === 'object';
}

/**
 * The character a card click handed over, once: `isFromCardClick` is a one-shot flag, cleared here
 * so a later visit to /recent-chat does not open that character again.
 */
export function takeCardClick(storage: Storage = localStorage): SelectedCharacter | null {
  if (storage.getItem('isFromCardClick') !== 'true') return null;
  storage.removeItem('isFromCardClick');
  try {
    const value: unknown = JSON.parse(storage.getItem('selectedCharacter') ?? 'null');
    return isSelectedCharacter(value) ? value : null;
  } catch {
    return null;
  }
}

function asCard(data: Record<string, unknown>, fallbackName: string): Pick<Card, 'data'> {
  const name = typeof data.name === 'string' && data.name.trim() !== '' ? data.name : fallbackName;
  return { data: { ...data, name } as Card['data'] };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function fromSelected(selected: SelectedCharacter): CharacterView {
  const card = asCard(selected.card_data.data, selected.name);
  return {
    id: selected.id,
    name: characterDisplayName(card),
    cardType: selected.card_type === 'user' ? 'user' : 'public',
    tags: stringList(selected.tags),
    filename: selected.filename,
    card,
  };
}

export function fromDetails(details: CharacterDetails): CharacterView {
  const card = asCard(details.card_data.data, details.display_title);
  return {
    id: details.file_id,
    name: characterDisplayName(card),
    cardType: details.card_type,
    tags: details.tags,
    filename: details.filename,
    card,
  };
}

/** What the recent list knows: enough for the header and the panel, not for greetings. */
export function fromChat(chat: Pick<RecentChat, 'character_id' | 'character_name' | 'card_type' | 'filename'>): CharacterView {
  return { id: chat.character_id, name: chat.character_name, cardType: chat.card_type, tags: [], filename: chat.filename, card: null };
}

/** Who the greeting is written to, and the chat it opens (its id seeds the greeting's dice, as on the server). */
export interface GreetingReader {
  userName: string;
  personaDescription?: string | undefined;
  chatId: string;
}

/**
 * The card's greetings with their macros filled exactly as the server will store the chosen one
 * (the same seed, the same names, this device's time zone), each with the greeting_index the
 * server knows it by; a greeting that fills to nothing is left out.
 */
export function filledGreetings(character: CharacterView | null, reader: GreetingReader): CardGreeting[] {
  if (!character?.card) return [];
  const card = character.card;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return cardGreetings(card)
    .map(({ index, text }) => ({ index, text: fillGreeting(card, text, { ...reader, timeZone }) }))
    .filter((greeting) => greeting.text !== '');
}

/** A card's portrait in the panel: its 480-wide thumbnail (private ones need the token). */
export function cardPortraitUrl(character: CharacterView): string | null {
  return character.id ? thumbnailUrl(character.id, 480) : null;
}
