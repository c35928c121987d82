import { safeFileName } from '../../../core/fileName';
import type { PublicImage } from '../../../core/contract';
import { fetchImageBlob } from '../../api/images';
import { saveBlob } from '../../lib/saveFile';
import { toCardView } from './cardView';

/**
 * Remembers the chosen card for /recent-chat, in the shape and under the keys the spec names
 * (`selectedCharacter`, and `isFromCardClick` as a one-shot flag the chat screen consumes).
 */
export function rememberSelectedCharacter(image: PublicImage): void {
  const view = toCardView(image);
  const selected = {
    id: image.file_id,
    filename: image.filename,
    name: view.name,
    description: view.description,
    title: image.title,
    avatar_url: image.url,
    tags: view.tags,
    card_type: 'public' as const,
    card_data: image.card_data,
  };
  localStorage.setItem('selectedCharacter', JSON.stringify(selected));
  localStorage.setItem('isFromCardClick', 'true');
}

/** Saves the card's PNG as `{name}.png` (bidi controls and characters file systems refuse dropped). */
export async function saveCardImage(image: PublicImage): Promise<void> {
  saveBlob(await fetchImageBlob(image.url, { download: true }), `${safeFileName(toCardView(image).name, 'card')}.png`);
}
