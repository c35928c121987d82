import { characterPageDataUrl } from '@core/gallery';
import type { PreviewHead } from './previewHead';

/**
 * The Link header of a public character page's shell: its data and its portrait, on their way while
 * the app's code downloads (the page's own fetch of the data takes this response: src/sync/characterPages.ts).
 */
export function characterPreloads(fileId: string, head: PreviewHead, origin: string): string {
  const links = [`<${characterPageDataUrl(fileId)}>; rel=preload; as=fetch; crossorigin`];
  if (head.image?.startsWith(origin)) links.push(`<${head.image.slice(origin.length)}>; rel=preload; as=image; fetchpriority=high`);
  return links.join(', ');
}
