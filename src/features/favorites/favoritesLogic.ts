import type { CharacterDetails, Favorite, PublicImage } from '@core/contract';

/** Above this many tags a favorite's tags collapse behind 'Show more' (docs/PRODUCT.md, Limits). */
export const TAG_COLLAPSE_ABOVE = 6;

/** '1 character favorited' / 'N characters favorited'. */
export function countLine(count: number): string {
  return `${count} ${count === 1 ? 'character' : 'characters'} favorited`;
}

/** More pages exist while the loaded page is below total_pages. */
export function hasMorePages(page: number, totalPages: number): boolean {
  return page < totalPages;
}

/**
 * After a removal: the count goes down by one (never below 0); when nothing is left on screen and
 * more than the first page was loaded, the page before is loaded again.
 */
export function afterRemove({ count, page, remaining }: { count: number; page: number; remaining: number }): {
  count: number;
  reloadPage: number | null;
} {
  return { count: Math.max(0, count - 1), reloadPage: remaining === 0 && page > 1 ? page - 1 : null };
}

/** 'Added: {date}' in the reader's locale. */
export function addedLine(createdAt: string): string {
  const date = new Date(createdAt);
  return `Added: ${Number.isNaN(date.getTime()) ? createdAt : date.toLocaleDateString()}`;
}

/**
 * What /recent-chat is handed for a favorite, in the gallery's shape (rememberSelectedCharacter):
 * the character's details when the server gave them, else the favorite's own name, text and tags.
 */
export function characterFromFavorite(favorite: Favorite, details?: CharacterDetails | null): PublicImage {
  const fromFavorite: PublicImage['card_data'] = {
    spec_version: '',
    data: {
      name: favorite.character_name,
      description: favorite.character_description,
      personality: '',
      scenario: '',
      first_mes: '',
      creator: '',
      tags: favorite.tags,
    },
  };
  const usable = details?.file_id && details.card_data?.data;
  return {
    file_id: favorite.file_id,
    title: usable ? details.display_title : favorite.character_name,
    display_title: usable ? details.display_title : favorite.character_name,
    filename: usable ? details.filename : `${favorite.character_name}.png`,
    url: usable ? details.url : favorite.url,
    thumbnail_url: '',
    thumbnail_srcset: '',
    upload_time: favorite.created_at,
    favorite_count: 0,
    chat_count: 0,
    creator_handle: null,
    content_rating: 'sfw',
    card_data: usable ? (details.card_data as unknown as PublicImage['card_data']) : fromFavorite,
  };
}
