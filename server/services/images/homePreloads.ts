import { FIRST_ROW, GALLERY_FIRST_PAGE_URL, PORTRAIT_SIZES } from '@core/gallery';
import { cachedGalleryValue } from '../../db/galleryCache';
import type { ServiceContext } from '../context';
import { galleryPage } from '../discovery';

/**
 * The Link header of Home's shell: the gallery's first page (`crossorigin`, anonymous, as the page's
 * own fetch of it asks, or the browser would fetch it twice) and the first row's pictures with the
 * grid's srcset and sizes. On a phone's link the pictures then arrive with the app's code instead of
 * after it has run; the page's own preload of them (src/features/gallery/firstRow.ts) finds them
 * loaded. Kept with the gallery's cached pages, so Home's shell does not query the database for each
 * visitor. Without the pictures (the database not answering) the shell still goes out.
 */
export async function homePreloads(ctx: Pick<ServiceContext, 'db' | 'log'>): Promise<string> {
  const list = `<${GALLERY_FIRST_PAGE_URL}>; rel=preload; as=fetch; crossorigin`;
  try {
    return await cachedGalleryValue(ctx.db, 'home-preloads', async () => {
      const { data } = await galleryPage(ctx, { limit: FIRST_ROW, offset: 0 }, null);
      const pictures = data.map(
        (card) =>
          `<${card.thumbnail_url}>; rel=preload; as=image; imagesrcset="${card.thumbnail_srcset}"; imagesizes="${PORTRAIT_SIZES}"; fetchpriority=high`,
      );
      return [list, ...pictures].join(', ');
    });
  } catch (error) {
    ctx.log.warn({ err: error }, "Home's shell goes without its first row's pictures");
    return list;
  }
}
