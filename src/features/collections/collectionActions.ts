import { safeFileName } from '@core/fileName';
import type { CollectionItem } from '@core/contract';
import { fetchImageBlob } from '../../api/images';
import { saveBlob } from '../../lib/saveFile';
import { cardName } from './cardName';

/** Saves the card's PNG (fetched with the token, `?download=1`) as `{title}.png`. */
export async function downloadCollectionImage(item: CollectionItem): Promise<void> {
  saveBlob(await fetchImageBlob(item.url, { download: true }), `${safeFileName(cardName(item), 'card')}.png`);
}
