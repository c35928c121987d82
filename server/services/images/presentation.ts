/** How a stored card reads on the wire: the list items, the gallery entry, the character (core/contract). */
import type { CardSummaryData } from '@core/card/index';
import type { CardSummary, CardType, ChatCharacter, CollectionItem, PublicImage, WholeCard } from '@core/contract';
import { THUMBNAIL_WIDTHS, thumbnailUrl } from '@core/contract/constants';
import type { GalleryImage, ListedImage } from '../../db/repositories/images';
import type { Image } from '../../db/schema';

export function cardOf(image: Pick<Image, 'card_json'>): WholeCard {
  return JSON.parse(image.card_json) as WholeCard;
}

export function tagsOf(image: Pick<Image, 'card_tags'>): string[] {
  const tags = JSON.parse(image.card_tags) as unknown;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** What lists say of a card: the bounded summary made at upload (core/card/summary.ts), never the whole card. */
export function summaryOf(image: Pick<Image, 'card_summary' | 'spec_version'>): CardSummary {
  return { spec_version: image.spec_version, data: JSON.parse(image.card_summary) as CardSummaryData };
}

/** card_type: 'public' for the gallery's cards, 'user' for a user's own private ones. */
export function cardTypeOf(image: Pick<Image, 'is_public'>): CardType {
  return image.is_public === 1 ? 'public' : 'user';
}

/**
 * The revision an edit stored a blob under (`cards/<id>-<revision>.png`, services/uploads.ts
 * blobKeysFor); undefined for a card as uploaded. URLs carry it as `?v=`, because image URLs are
 * cached as immutable (browsers, the service worker) and an edited card's must be new ones.
 */
export function revisionOf(key: string | undefined, id: string): string | undefined {
  const match = key ? /^(?:cards|thumbs)\/([^/]+?)-([0-9a-f]{12})(?:-\d+\.webp|\.png)$/.exec(key) : null;
  return match && match[1] === id ? match[2] : undefined;
}

export function imageUrl(image: Pick<Image, 'id' | 'is_public' | 'blob_key'>): string {
  const path = image.is_public === 1 ? `/api/upload/image/${image.id}` : `/api/upload/image/user/${image.id}`;
  const revision = revisionOf(image.blob_key, image.id);
  return revision ? `${path}?v=${revision}` : path;
}

export function thumbnailRevision(image: Pick<Image, 'id' | 'thumb_keys'>): string | undefined {
  const keys = JSON.parse(image.thumb_keys) as Record<string, string>;
  return revisionOf(keys[String(THUMBNAIL_WIDTHS[0])], image.id);
}

function thumbnailSrcset(id: string, revision: string | undefined): string {
  return THUMBNAIL_WIDTHS.map((width) => `${thumbnailUrl(id, width, revision)} ${width}w`).join(', ');
}

export function publicImageOf(image: GalleryImage): PublicImage {
  const revision = thumbnailRevision(image);
  return {
    file_id: image.id,
    title: image.card_name,
    display_title: image.display_title,
    filename: image.filename,
    url: imageUrl(image),
    thumbnail_url: thumbnailUrl(image.id, THUMBNAIL_WIDTHS[0], revision),
    thumbnail_srcset: thumbnailSrcset(image.id, revision),
    upload_time: image.created_at,
    favorite_count: image.favorite_count,
    card_data: summaryOf(image),
    chat_count: image.chat_count,
    creator_handle: image.creator_handle ?? null,
    content_rating: image.content_rating,
  };
}

export function collectionItemOf(image: ListedImage): CollectionItem {
  return {
    ...publicImageOf(image),
    file_size: image.file_size,
    width: image.width,
    height: image.height,
    aspect_ratio: image.aspect_ratio,
    is_public: image.is_public,
    view_count: image.view_count,
    download_count: image.download_count,
    review: {
      state: image.review_state,
      note: image.review_note,
      changes: image.changes_state ?? null,
      changes_note: image.changes_note ?? null,
    },
  };
}

/** `chatId`: the user's most recent chat with the card, if any. */
export function chatCharacterOf(image: ListedImage, chatId: string | null): ChatCharacter {
  const { data } = summaryOf(image);
  return {
    id: image.id,
    name: data.name,
    avatar_url: imageUrl(image),
    tags: data.tags,
    card_type: cardTypeOf(image),
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    card_data: { data },
    chat_id: chatId,
  };
}
