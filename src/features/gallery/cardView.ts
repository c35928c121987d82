import { fillPlaceholders } from '@core/card/placeholders';
import type { PublicImage } from '@core/contract';

/** Spec §3 "Public image": what the home view shows for a gallery entry. */
export interface CardView {
  id: string;
  name: string;
  description: string;
  avatar_url: string;
  user_name: string;
  /** The spec's clicks: always 0 on the home view. */
  click_count: number;
  like_count: number;
  tags: string[];
}

/** The most tags a card shows before '+N'. */
export const VISIBLE_TAGS = 3;

function uploadDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/**
 * Maps a gallery entry as the spec says: description falls back to scenario, tags to 'Character';
 * {{char}} and {{user}} in card text read as the character's name and the viewer ('you' when unknown).
 */
export function toCardView(image: PublicImage, userName = 'you'): CardView {
  const data = image.card_data?.data;
  const tags = (data?.tags ?? []).filter((tag) => tag.trim() !== '');
  const name = data?.name || image.display_title || image.title || image.filename;
  const text = data?.description || data?.scenario;
  return {
    id: image.file_id,
    name,
    description: text
      ? fillPlaceholders(text, { char: name, user: userName })
      : `A character image uploaded on ${uploadDate(image.upload_time)}`,
    avatar_url: image.url,
    user_name: data?.creator || 'Unknown',
    click_count: 0,
    like_count: image.favorite_count ?? 0,
    tags: tags.length > 0 ? tags : ['Character'],
  };
}
