import type { CollectionItem } from '@core/contract';

/** Spec §9: tags shown per collection card. */
export const COLLECTION_TAGS = 5;

/** The card's title: its name, else the display title, else the file name. */
export function cardName(item: CollectionItem): string {
  return item.card_data?.data?.name || item.display_title || item.title || item.filename;
}
