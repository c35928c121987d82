import type { PreviewHead } from './previewHead';

/**
 * The Link header of a public character page's shell: its portrait, on its way before the browser
 * has read the body. The page's data needs no preload: it is in the shell (firstView.ts).
 */
export function characterPreloads(head: PreviewHead, origin: string): string | undefined {
  return head.image?.startsWith(origin) ? `<${head.image.slice(origin.length)}>; rel=preload; as=image; fetchpriority=high` : undefined;
}
