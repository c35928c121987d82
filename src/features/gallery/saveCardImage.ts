import { safeFileName } from '@core/fileName';
import type { PublicImage } from '@core/contract';
import { fetchImageBlob } from '../../api/images';
import { saveBlob } from '../../lib/saveFile';
import { toCardView } from './cardView';

/** Saves the card's PNG as `{name}.png` (bidi controls and characters file systems refuse dropped). */
export async function saveCardImage(image: PublicImage): Promise<void> {
  saveBlob(await fetchImageBlob(image.url, { download: true }), `${safeFileName(toCardView(image).name, 'card')}.png`);
}
