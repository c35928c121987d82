/**
 * When the first view is complete, so that work which can wait (the service worker's precache of
 * every route chunk) leaves a phone's slow link to what the person is looking at. The page's `load`
 * event is not enough on its own: it fires once the app's scripts are in, before the gallery's data
 * and the first row's pictures, which are what Home is for.
 */

/** However slow the first view, the app becomes installable and offline-ready this long after load. */
const LONGEST_WAIT_MS = 10_000;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Resolves once the images the view marked fetchpriority="high" are in the page and loaded (or
 * failed), or when `deadline` passes, whichever comes first.
 */
function priorityImagesSettled(deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      document.removeEventListener('load', check, true);
      document.removeEventListener('error', check, true);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
      if (images.length > 0 && images.every((image) => image.complete)) done();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    // Image load and error events do not bubble, but they can be caught on the way down.
    document.addEventListener('load', check, true);
    document.addEventListener('error', check, true);
    const timer = setTimeout(done, Math.max(0, deadline - performance.now()));
    check();
  });
}

const idle = () =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0),
  );

/**
 * Resolves after the page's load event and, when the first view waits for data (`firstData`: how many
 * cards Home's first page brought), once those cards' priority pictures have loaded, but no later than
 * LONGEST_WAIT_MS after load; then at the browser's next idle moment.
 */
export async function afterFirstView(firstData?: Promise<number>): Promise<void> {
  // Caught at once: a pull that fails before `load` must not surface as an unhandled rejection.
  const arrived = firstData?.catch(() => 0);
  await loaded();
  const deadline = performance.now() + LONGEST_WAIT_MS;
  const cards = await Promise.race([arrived, new Promise<0>((resolve) => setTimeout(() => resolve(0), LONGEST_WAIT_MS))]);
  if (cards) await priorityImagesSettled(deadline);
  await idle();
}
