/**
 * The public gallery's unfiltered pages, as the JSON bytes last sent, kept for a moment: the first
 * page is what every visitor asks for, and building it (the query, each card's summary, the
 * serialisation) is most of what the list costs.
 *
 * Shared-nothing: each instance keeps its own. Any write to `images` through this instance (upload,
 * delete, a favorite's count) drops them at once; another instance's writes show once TTL_MS has
 * passed. On PostgreSQL a read racing a write's still-open transaction may keep the old page for
 * TTL_MS too; on SQLite it cannot (the one connection waits for the commit). docs/ARCHITECTURE.md §5.
 */
const TTL_MS = 1_000;
/** Values kept per database (pages by sort × limit × offset, Home's preloads); clients ask for a handful, anything else is rebuilt. */
const MAX_PAGES = 32;

interface Page {
  body: unknown;
  generation: number;
  expiresAt: number;
}

/** Bumped by every write to `images`: pages built before it are stale. One for all databases, as a write inside a transaction cannot tell which database's pages it touches. */
let generation = 0;
/** Per database (API tests run several apps in one process). */
const pagesByDb = new WeakMap<object, Map<string, Page>>();

export function invalidateGallery(): void {
  generation += 1;
}

/** The cached body of an unfiltered page, or what `build` makes (cached unless a write happened meanwhile). */
export function cachedGalleryPage<Body>(
  db: object,
  { sort, limit, offset }: { sort: string; limit: number; offset: number },
  build: () => Promise<Body>,
): Promise<Body> {
  return cachedGalleryValue(db, `${sort}:${limit}:${offset}`, build);
}

/**
 * Anything made from the public gallery alone (a page, Home's preload header), kept under `key` with
 * the pages' rules: dropped by any write to `images`, rebuilt after TTL_MS.
 */
export async function cachedGalleryValue<Value>(db: object, key: string, build: () => Promise<Value>): Promise<Value> {
  let pages = pagesByDb.get(db);
  if (!pages) pagesByDb.set(db, (pages = new Map()));
  const now = Date.now();
  const cached = pages.get(key);
  if (cached && cached.generation === generation && cached.expiresAt > now) return cached.body as Value;
  const builtFrom = generation;
  const body = await build();
  if (builtFrom === generation) {
    pages.delete(key);
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, { body, generation: builtFrom, expiresAt: now + TTL_MS });
  }
  return body;
}
