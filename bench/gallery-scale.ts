/**
 * Figure 20: the gallery at 100,000 public cards, on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL, the server's own time (buildApp + inject, no network): the first page of each sort, a
 * 3-tag filter, and a search as it is typed, letter by letter. Each request is asked with the
 * gallery's page cache dropped first, so it is the query that is measured, not the cache. p95 of many.
 * `BENCH_VERBOSE=1` prints each query's plan (the indexes it walks).
 */
import { Kysely, PostgresDialect, sql, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { invalidateGallery } from '../server/db/galleryCache';
import { listGallery, type GalleryFilter } from '../server/db/repositories/gallery';
import type { Database } from '../server/db/schema';
import { userOf } from '../tests/api/cards';
import { createTestApp, type TestApp } from '../tests/api/helpers';
import { COMMON_TAGS, fillGallery } from './lib/galleryData';
import { ms } from './lib/stats';
import type { Row } from './lib/table';

const CARDS = 100_000;
const RUNS = 40;
const SORTS = ['trending', 'newest', 'liked', 'chatted'] as const;
/** Three tags together: common ones (a few hundred cards have all three), and rarer ones. */
const TAG_FILTERS = [
  ['female', 'fantasy', 'romance'],
  ['anime', 'magic', 'school'],
  ['elf', 'witch', 'dragon'],
];

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** Server time of GET url, the page cache dropped first; `runs` times. */
async function timings(test: TestApp, url: string, runs = RUNS): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    invalidateGallery();
    const started = performance.now();
    const response = await test.app.inject({ method: 'GET', url });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  }
  return times;
}

/** What a person types: each prefix of a name and of a tag from two letters on (search as one types starts there). */
function typed(words: string[]): string[] {
  return words.flatMap((word) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2)));
}

/** The plans of the queries a filter makes (printed with BENCH_VERBOSE). */
async function plans(test: TestApp, dialect: 'sqlite' | 'postgres', filter: GalleryFilter): Promise<string> {
  const queries: CompiledQuery[] = [];
  const log = (event: { query: CompiledQuery }) => void queries.push(event.query);
  const db =
    dialect === 'sqlite'
      ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(`${test.dataDir}/cardchat.db`) }), log })
      : new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${test.schema}` }),
          }),
          log,
        });
  try {
    await listGallery(db, filter, { limit: 20, offset: 0 });
    const out: string[] = [];
    // The explains are logged too: only the queries the list made are explained.
    for (const query of queries.splice(0)) {
      const explain = dialect === 'sqlite' ? `explain query plan ${query.sql}` : `explain ${query.sql}`;
      const { rows } = await db.executeQuery({ ...query, sql: explain, query: query.query });
      const lines = rows.map((row) => String((row as Record<string, unknown>).detail ?? (row as Record<string, unknown>)['QUERY PLAN']));
      out.push(`  ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}\n${lines.map((line) => `      ${line}`).join('\n')}`);
    }
    return out.join('\n');
  } finally {
    await db.destroy();
  }
}

async function figuresOn(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const test = await createTestApp(dialect);
  try {
    const owner = await userOf(test, 'gallery-bench');
    await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: owner.headers });
    const { id } = await test.db.kysely.selectFrom('users').select('id').where('subject', '=', 'gallery-bench').executeTakeFirstOrThrow();
    const names = await fillGallery(test.db.kysely, id, CARDS);
    // As a database that has run for a while has its statistics.
    await sql`analyze`.execute(test.db.kysely);

    const sorts = new Map<string, number>();
    for (const sort of SORTS) sorts.set(sort, p95(await timings(test, `/api/upload/image?limit=20&offset=0&sort=${sort}`)));
    const tagTimes: number[] = [];
    for (const tags of TAG_FILTERS) {
      for (const sort of SORTS)
        tagTimes.push(...(await timings(test, `/api/upload/image?limit=20&sort=${sort}&${tags.map((t) => `tag=${t}`).join('&')}`, 10)));
    }
    const searchWords = [...typed([names[4321]!.split(' ')[0]!.toLowerCase(), 'fantasy', 'creator42'])];
    const searchTimes: number[] = [];
    for (const q of searchWords) searchTimes.push(...(await timings(test, `/api/upload/image?limit=20&q=${encodeURIComponent(q)}`, 5)));

    if (process.env.BENCH_VERBOSE) {
      const base = { nsfw: false, tags: [] as string[], words: [] as string[] };
      console.log(`\nQuery plans, ${dialect}:`);
      for (const sort of SORTS) console.log(`- first page, ${sort}:\n${await plans(test, dialect, { ...base, sort })}`);
      console.log(
        `- 3 tags (${TAG_FILTERS[0]!.join(', ')}), trending:\n${await plans(test, dialect, { ...base, sort: 'trending', tags: TAG_FILTERS[0]! })}`,
      );
      console.log(
        `- 3 tags (${TAG_FILTERS[2]!.join(', ')}), trending:\n${await plans(test, dialect, { ...base, sort: 'trending', tags: TAG_FILTERS[2]! })}`,
      );
      console.log(`- search "fa", trending:\n${await plans(test, dialect, { ...base, sort: 'trending', words: ['fa'] })}`);
      console.log(`- search "creator42", trending:\n${await plans(test, dialect, { ...base, sort: 'trending', words: ['creator42'] })}`);
    }

    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const sortText = SORTS.map((sort) => `${sort} ${ms(sorts.get(sort)!)}`).join(', ');
    const worstSort = Math.max(...sorts.values());
    const tagP95 = p95(tagTimes);
    const searchP95 = p95(searchTimes);
    const anchor = `${CARDS.toLocaleString('en')} public cards, ${COMMON_TAGS.length} common tags of 300, 10% NSFW; in-process`;
    return [
      {
        n: '20',
        figure: `${label}: first page of each sort, server time p95`,
        value: sortText,
        goal: '≤ 50 ms',
        anchor,
        pass: worstSort <= 50,
      },
      {
        n: '20',
        figure: `${label}: first page of a 3-tag filter (${TAG_FILTERS.length} filters × 4 sorts), p95`,
        value: ms(tagP95),
        goal: '≤ 50 ms',
        anchor,
        pass: tagP95 <= 50,
      },
      {
        n: '20',
        figure: `${label}: search as one types (${searchWords.length} prefixes of a name, a tag and a creator), p95`,
        value: ms(searchP95),
        goal: '≤ 100 ms',
        anchor,
        pass: searchP95 <= 100,
      },
    ];
  } finally {
    await test.close();
  }
}

export async function galleryScaleFigures(): Promise<Row[]> {
  const rows = await figuresOn('sqlite');
  if (process.env.TEST_DATABASE_URL) rows.push(...(await figuresOn('postgres')));
  else
    rows.push({
      n: '20',
      figure: 'PostgreSQL',
      value: 'not measured: TEST_DATABASE_URL is not set',
      goal: '≤ 50 ms',
      anchor: '',
      pass: undefined,
    });
  return rows;
}
