/**
 * Example dialogue: the card's `<START>` blocks and lorebook entries placed at the examples' top or
 * bottom, each block one system message headed '[Example Chat]' (SillyTavern's header), filled
 * after the history with the room it leaves.
 */
import type { FiredLore } from '../lore/index';
import { clean } from './context';

export const EXAMPLE_CHAT_HEADER = '[Example Chat]';

/** mes_example's blocks: the text between `<START>` markers (any case), empty ones skipped. */
export function exampleBlocks(mesExample: unknown): string[] {
  return clean(mesExample)
    .split(/<START>/i)
    .map(clean)
    .filter((block) => block !== '');
}

export interface ExampleBlock {
  text: string;
  /** The lorebook entry it came from; none for the card's own. */
  lore: FiredLore | null;
}

/**
 * The blocks in SillyTavern's order: entries for the top (each put first in turn, so the last
 * ends first), the card's, then entries for the bottom.
 */
export function exampleLayout(cardExamples: string, lore: readonly FiredLore[]): ExampleBlock[] {
  const blocks: ExampleBlock[] = exampleBlocks(cardExamples).map((text) => ({ text, lore: null }));
  for (const fired of lore) {
    const own = exampleBlocks(fired.content).map((text) => ({ text, lore: fired }));
    if (fired.entry.position === 'em_top') blocks.unshift(...own);
    else if (fired.entry.position === 'em_bottom') blocks.push(...own);
  }
  return blocks;
}

export const exampleMessage = (block: string) => `${EXAMPLE_CHAT_HEADER}\n${block}`;
