import { fetchCardExport, fetchImageBlob } from '../../api/images';
import { safeFileName } from '@core/fileName';
import { saveBlob } from '../../lib/saveFile';

export type CardDownloadFormat = 'png' | 'json' | 'charx';

export interface DownloadableCard {
  fileId: string;
  name: string;
  /** Public cards' PNG is at the public path; a private one's needs the owner's token. */
  isPublic: boolean;
}

/**
 * Saves the card as `{name}.png` (the card in the picture, what SillyTavern and chub.ai open),
 * `{name}.json` (Character Card V3) or `{name}.charx` (RisuAI's zip, with the card's assets).
 */
export async function downloadCard(card: DownloadableCard, format: CardDownloadFormat): Promise<void> {
  const id = encodeURIComponent(card.fileId);
  const blob =
    format === 'png'
      ? await fetchImageBlob(card.isPublic ? `/api/upload/image/${id}` : `/api/upload/image/user/${id}`, { download: true })
      : await fetchCardExport(card.fileId, format);
  saveBlob(blob, `${safeFileName(card.name, 'card')}.${format}`);
}
