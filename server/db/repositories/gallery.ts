/**
 * The public gallery's own table (`gallery`, one compact row per public card; migration
 * 2026-11-27T22-20_publishing): what its lists sort, filter and search, kept in step with `images` by
 * fileInGallery. Every list walks an index in its sort's order and stops after a page; a filter is
 * either followed from its own index (few matches) or checked along the sort's walk (many).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { galleryTags, searchWords } from '@core/tags';
import { isPostgres } from '../dialect';
import type { Database, Image } from '../schema';

export type GallerySort = 'trending' | 'newest' | 'liked' | 'chatted';

const SORT_KEY: Record<GallerySort, 'trend_score' | 'favorite_count' | 'chat_count' | null> = {
  trending: 'trend_score',
  newest: null,
  liked: 'favorite_count',
  chatted: 'chat_count',
};

export interface GalleryFilter {
  sort: GallerySort;
  /** Whether NSFW cards are listed too. */
  nsfw: boolean;
  /** Normalised tags the cards must all have. */
  tags: readonly string[];
  /** Search words (core/tags.ts queryWords) the cards must all match, each as the start of a word. */
  words: readonly string[];
  /** Only this creator's cards. */
  ownerId?: string | undefined;
}

/** Totals of the whole gallery (or of a creator) are counted up to this: past it a list says "1,000". */
export const GALLERY_COUNT_CAP = 1000;

/**
 * Counting a tag's or a search's matches stops here: past it, a set counts as this big in the
 * estimate below (SQLite). PostgreSQL's planner makes the same choice from its own statistics.
 */
const COUNT_MATCHES_UP_TO = 20_000;

/** The gallery's columns of a card, from its row in `images`. */
export function galleryColumns(image: Pick<Image, 'card_name' | 'card_tags' | 'card_creator' | 'content_rating'>) {
  const tags = galleryTags(JSON.parse(image.card_tags) as unknown[]);
  return {
    tags,
    nsfw: image.content_rating === 'nsfw' ? 1 : 0,
    search_text: searchWords([image.card_name, ...tags, image.card_creator].join(' ')).join(' '),
    tags_text: tags.join('\n'),
  };
}

/**
 * Files a card in the gallery as its row in `images` now reads (a new public card gets the next
 * `seq`, so it is the newest; a public card that changed keeps its place), or takes it out when it is
 * not public. Call it in the transaction of every write that publishes, unpublishes or edits a card.
 */
export async function fileInGallery(
  db: Kysely<Database>,
  image: Pick<Image, 'id' | 'is_public' | 'card_name' | 'card_tags' | 'card_creator' | 'content_rating' | 'favorite_count' | 'chat_count'>,
): Promise<void> {
  if (image.is_public !== 1) {
    await db.deleteFrom('gallery').where('image_id', '=', image.id).execute();
    return;
  }
  const { tags, ...columns } = galleryColumns(image);
  const { seq } = await db
    .insertInto('gallery')
    .values({ image_id: image.id, favorite_count: image.favorite_count, chat_count: image.chat_count, ...columns })
    .onConflict((oc) => oc.column('image_id').doUpdateSet(columns))
    .returning('seq')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('gallery_tags').where('seq', '=', seq).execute();
  if (tags.length > 0) {
    await db
      .insertInto('gallery_tags')
      .values(tags.map((tag) => ({ tag, seq })))
      .execute();
  }
}

export async function changeGalleryCount(
  db: Kysely<Database>,
  imageId: string,
  column: 'favorite_count' | 'chat_count',
  delta: number,
): Promise<void> {
  await db
    .updateTable('gallery')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('image_id', '=', imageId)
    .execute();
}

export async function setTrendScores(db: Kysely<Database>, scores: ReadonlyMap<string, number>): Promise<void> {
  for (const [imageId, score] of scores) {
    await db.updateTable('gallery').set({ trend_score: score }).where('image_id', '=', imageId).execute();
  }
}

/** Public cards whose Trending score is not 0: those the hourly recount may have to bring down. */
export async function trendingCards(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('gallery').select('image_id').where('trend_score', '>', 0).execute();
  return rows.map((row) => row.image_id);
}

export async function galleryIsEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('gallery').select('seq').limit(1).executeTakeFirst()) === undefined;
}

/** SQLite FTS5's query for the words: each the start of a word of the card's, all of them. */
const ftsQuery = (words: readonly string[]) => words.map((word) => `"${word}"*`).join(' ');
/** PostgreSQL's tsquery for the same. */
const tsQuery = (words: readonly string[]) => words.map((word) => `${word}:*`).join(' & ');

/** How many rows a query gives, counted up to `cap`. */
async function countUpTo(db: Kysely<Database>, matches: RawBuilder<unknown>, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${matches} limit ${cap + 1}) m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const tagMatches = (tag: string) => sql`select seq from gallery_tags where tag = ${tag}`;
const wordMatches = (words: readonly string[]) => sql`select rowid as seq from gallery_fts where gallery_fts match ${ftsQuery(words)}`;

/**
 * SQLite: each tag, and the search, is a set of cards. Two ways to find a page of the cards in all of
 * them, chosen per query from how big each set is (a capped count, a millisecond or two):
 * - follow: the sets' intersection, by primary key, then sorted; costs as much as the smallest set;
 * - walk: the sort's own index, each card checked (a tag by its primary key, the search against its
 *   matches gathered once), stopping after a page; costs as many cards as it takes to meet a page's
 *   worth, which, taking the sets as independent, is the page over the product of their shares.
 * The unary plus on `+g.seq` keeps the planner walking the sort's index rather than following the set.
 */
async function sqliteFilter(db: Kysely<Database>, filter: GalleryFilter, wanted: number): Promise<RawBuilder<unknown> | null> {
  const sets = [...filter.tags.map(tagMatches), ...(filter.words.length > 0 ? [wordMatches(filter.words)] : [])];
  if (sets.length === 0) return null;
  const sizes: number[] = [];
  for (const set of sets) sizes.push(await countUpTo(db, set, COUNT_MATCHES_UP_TO));
  const smallest = Math.min(...sizes);
  const { n: cards } = (await sql<{ n: number | null }>`select max(seq) as n from gallery`.execute(db)).rows[0] ?? { n: 0 };
  const share = sizes.reduce((product, size) => product * Math.min(1, size / Math.max(1, Number(cards))), 1);
  const walked = share > 0 ? wanted / share : Number.POSITIVE_INFINITY;
  if (smallest <= walked) return sql`g.seq in (${sql.join(sets, sql` intersect `)})`;
  const checks = filter.tags.map((tag) => sql`exists (select 1 from gallery_tags t where t.tag = ${tag} and t.seq = g.seq)`);
  if (filter.words.length > 0) checks.push(sql`+g.seq in (${wordMatches(filter.words)})`);
  return sql.join(checks, sql` and `);
}

/** The filter's conditions on `g` (the gallery row). */
async function conditions(db: Kysely<Database>, filter: GalleryFilter, wanted: number): Promise<RawBuilder<unknown>[]> {
  const where: RawBuilder<unknown>[] = [];
  if (!filter.nsfw) where.push(sql`g.nsfw = 0`);
  if (filter.ownerId) where.push(sql`g.image_id in (select id from images where owner_id = ${filter.ownerId} and is_public = 1)`);
  if (isPostgres(db)) {
    if (filter.tags.length > 0) where.push(sql`string_to_array(g.tags_text, E'\\n') @> ${[...filter.tags]}::text[]`);
    if (filter.words.length > 0) where.push(sql`to_tsvector('simple', g.search_text) @@ to_tsquery('simple', ${tsQuery(filter.words)})`);
    return where;
  }
  const sets = await sqliteFilter(db, filter, wanted);
  return sets ? [...where, sets] : where;
}

function orderBy(sort: GallerySort): RawBuilder<unknown> {
  const key = SORT_KEY[sort];
  return key ? sql`g.${sql.ref(key)} desc, g.seq desc` : sql`g.seq desc`;
}

export interface GalleryPage {
  /** The page's cards in order. */
  ids: string[];
  /**
   * How many cards match: the whole gallery's (or a creator's) counted up to GALLERY_COUNT_CAP; a
   * search's or a tag filter's only as far as this page went (exact once `hasMore` is false), since
   * counting all the matches of a common word or tag would cost more than finding the page.
   */
  total: number;
  hasMore: boolean;
}

/** One page of the gallery: `limit` cards from `offset`, in the sort's order. */
export async function listGallery(
  db: Kysely<Database>,
  filter: GalleryFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<GalleryPage> {
  const where = await conditions(db, filter, offset + limit + 1);
  const filtered = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const page = await sql<{
    image_id: string;
  }>`select g.image_id from gallery g ${filtered} order by ${orderBy(filter.sort)} limit ${limit + 1} offset ${offset}`.execute(db);
  const ids = page.rows.map((row) => row.image_id);
  const hasMore = ids.length > limit;
  if (hasMore) ids.pop();
  const searched = filter.tags.length > 0 || filter.words.length > 0;
  // Past the end of a list there is no page to say how far it went: it is counted.
  const counted = (!searched && hasMore) || (ids.length === 0 && offset > 0);
  const total = counted
    ? await countUpTo(db, sql`select 1 from gallery g ${filtered}`, GALLERY_COUNT_CAP)
    : offset + ids.length + (hasMore ? 1 : 0);
  return { ids, total: Math.min(total, GALLERY_COUNT_CAP), hasMore };
}

/** The most used tags of the listed cards, most used first. */
export async function popularTags(
  db: Kysely<Database>,
  { nsfw, limit }: { nsfw: boolean; limit: number },
): Promise<{ tag: string; count: number }[]> {
  const rows = await db
    .selectFrom('gallery_tags as t')
    .innerJoin('gallery as g', 'g.seq', 't.seq')
    .select(['t.tag', (eb) => eb.fn.countAll<number>().as('count')])
    .$if(!nsfw, (query) => query.where('g.nsfw', '=', 0))
    .groupBy('t.tag')
    .orderBy('count', 'desc')
    .orderBy('t.tag')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}
