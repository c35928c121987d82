/**
 * A card as people take it away besides the PNG (images/files.ts): the V3 .json and the .charx with
 * its assets.
 */
import { cardToCharx, cardToJsonFile } from '@core/card/index';
import type { CardExportFormat } from '@core/contract';
import { countOnce } from './cardHits';
import type { ServiceContext } from './context';
import { readableImage } from './images/access';
import { asBuffer, cardPngOf, contentDisposition } from './images/files';
import type { RequestUser } from './users';

const EXPORTS: Record<CardExportFormat, { type: string; extension: string; make: (png: Uint8Array) => Uint8Array }> = {
  json: { type: 'application/json; charset=utf-8', extension: '.json', make: cardToJsonFile },
  charx: { type: 'application/zip', extension: '.charx', make: cardToCharx },
};

export interface CardExport {
  body: Buffer;
  type: string;
  disposition: string;
}

/**
 * 'Download as .json (V3)' and 'Download as .charx': public cards for all, private ones for their
 * owner; counted as the PNG's download is, once a day per `downloader` (cardHits.ts).
 */
export async function cardExport(
  ctx: ServiceContext,
  id: string,
  user: RequestUser | null,
  format: CardExportFormat,
  downloader: string,
): Promise<CardExport> {
  const image = await readableImage(ctx, id, user);
  const { type, extension, make } = EXPORTS[format];
  const body = asBuffer(make(await cardPngOf(ctx, image)));
  await countOnce(ctx.db, image.id, 'download', downloader);
  return { body, type, disposition: contentDisposition(image.card_name, extension) };
}
