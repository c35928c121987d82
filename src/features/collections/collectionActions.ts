import { safeFileName } from '../../../core/fileName';
import type { CollectionItem } from '../../../core/contract';
import { fetchImageBlob } from '../../api/images';
import { cardName } from './cardName';

/** Saves the card's PNG (fetched with the token, `?download=1`) as `{title}.png`. */
export async function downloadCollectionImage(item: CollectionItem): Promise<void> {
  const blob = await fetchImageBlob(item.url, { download: true });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `${safeFileName(cardName(item), 'card')}.png`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
