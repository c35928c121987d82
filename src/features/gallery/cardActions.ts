import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { CollectionItem, PublicImage } from '@core/contract';
import { toCardView } from './cardView';

/** A card of the gallery or a favorite is 'public'; one of the user's own private uploads is 'user'. */
export type CardType = 'public' | 'user';

/** One of the user's uploads is private unless an administrator published it. */
export function cardTypeOf(item: Pick<CollectionItem, 'is_public'>): CardType {
  return item.is_public === 1 ? 'public' : 'user';
}

/**
 * Remembers the chosen card for /recent-chat, in the shape and under the keys the original app
 * used (`selectedCharacter`, and `isFromCardClick` as a one-shot flag the chat screen consumes).
 */
export function rememberSelectedCharacter(image: PublicImage, cardType: CardType = 'public'): void {
  const view = toCardView(image);
  const selected = {
    id: image.file_id,
    filename: image.filename,
    name: view.name,
    description: view.description,
    title: image.title,
    avatar_url: image.url,
    tags: view.tags,
    card_type: cardType,
    card_data: image.card_data,
  };
  localStorage.setItem('selectedCharacter', JSON.stringify(selected));
  localStorage.setItem('isFromCardClick', 'true');
}

/** Opens the chat with a card, wherever the card is shown: its latest chat, else a new one. */
export function useOpenCardChat(): (image: PublicImage, cardType?: CardType) => void {
  const navigate = useNavigate();
  return useCallback(
    (image, cardType) => {
      rememberSelectedCharacter(image, cardType);
      void navigate({ to: '/recent-chat' });
    },
    [navigate],
  );
}
