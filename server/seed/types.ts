/**
 * Shapes of the seeded gallery. They are `type` aliases, not interfaces, on purpose: an alias is
 * assignable to an index-signature type such as the codec's `Record<string, unknown>` lorebook, so the
 * upload service can hand these objects to the card writer without copying them field by field.
 */

import type { CardData } from '@core/card/types';

/** One lorebook entry in the Character Card V2 shape (only the fields the seed uses). */
export type SeedLoreEntry = {
  keys: string[];
  content: string;
  enabled: true;
  insertion_order: number;
  extensions: Record<string, never>;
};

export type SeedLorebook = {
  name: string;
  entries: SeedLoreEntry[];
  extensions: Record<string, never>;
};

/** Hair drawn behind and over the head; 'none' for bald, helmeted or spectral heads. */
export type HairStyle = 'short' | 'long' | 'bob' | 'bun' | 'none';
/** What sits on the head; each kind is drawn by one function in portrait-parts. */
export type Headwear = 'none' | 'witch-hat' | 'visor' | 'fedora' | 'wrap' | 'bellhop' | 'horns' | 'goggles' | 'top-hat' | 'toque';
/** The object that tells you who they are at thumbnail size. */
export type Accessory =
  | 'flask'
  | 'antenna'
  | 'teacup'
  | 'monocle'
  | 'astrolabe'
  | 'keyring'
  | 'spectacles'
  | 'collar'
  | 'scarf'
  | 'sprout'
  | 'candle'
  | 'croissant';
export type BackgroundPattern =
  'stars' | 'grid' | 'rain' | 'fog' | 'tiles' | 'checker' | 'orbits' | 'rays' | 'clouds' | 'leaves' | 'swirls' | 'dots';

/**
 * How to draw a character. Colours are `#rrggbb` only: the renderer checks them, so nothing but
 * numbers and hex colours ever reaches the SVG source.
 */
export type PortraitSpec = {
  /** Background gradient, top then bottom. */
  sky: readonly [string, string];
  /** Halo behind the head and the colour of the background pattern. */
  glow: string;
  skin: string;
  hair: string;
  outfit: string;
  /** Trim, accessory and eye-catching details. */
  accent: string;
  hairStyle: HairStyle;
  headwear: Headwear;
  ears: 'round' | 'pointed' | 'none';
  /** 'glow' for lit eyes (android, ghost); 'closed' for a content, sleepy look. */
  eyes: 'open' | 'closed' | 'glow';
  /** 'wisp' replaces the shoulders with a tapering spectral tail. */
  body: 'shoulders' | 'wisp';
  accessory: Accessory;
  pattern: BackgroundPattern;
};

/**
 * A seeded character: the codec's V2 `data` fields (a few pinned to the seed's values), plus how to
 * draw its portrait.
 */
export type SeedCharacter = Pick<
  CardData,
  'name' | 'description' | 'personality' | 'scenario' | 'first_mes' | 'mes_example' | 'alternate_greetings' | 'tags' | 'creator_notes'
> & {
  creator: 'cardchat';
  /** Empty: the app's default system prompt applies. */
  system_prompt: '';
  post_history_instructions: '';
  character_version: '1.0';
  character_book?: SeedLorebook;
  portrait: PortraitSpec;
};
