/**
 * A public gallery of 100,000 cards for figure 20, written straight into the database in batches (an
 * upload each would take an hour): names from syllables, 3 to 10 tags each drawn from 300 with the
 * skew real galleries have (a handful of tags on a third of all cards, a long tail of rare ones), one
 * in ten NSFW, likes and chats skewed the same way, a Trending score on a third. Deterministic.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { mulberry32 } from '@core/chat/macros/seeded';
import { galleryColumns } from '../../server/db/repositories/gallery';
import type { Database } from '../../server/db/schema';

export const COMMON_TAGS = [
  'female',
  'male',
  'nsfw',
  'sfw',
  'anime',
  'fantasy',
  'romance',
  'oc',
  'human',
  'english',
  'roleplay',
  'submissive',
  'dominant',
  'monster',
  'furry',
  'game',
  'scenario',
  'multiple',
  'villain',
  'comedy',
  'drama',
  'horror',
  'sci-fi',
  'modern',
  'historical',
  'school',
  'magic',
  'elf',
  'demon',
  'vampire',
  'knight',
  'princess',
  'maid',
  'robot',
  'detective',
  'pirate',
  'dragon',
  'witch',
  'ghost',
  'angel',
];
const TAGS = [...COMMON_TAGS, ...Array.from({ length: 260 }, (_, i) => `tag${i + COMMON_TAGS.length}`)];
const SYLLABLES = [
  'ka',
  'ri',
  'ma',
  'sel',
  'the',
  'no',
  'ra',
  'vi',
  'lo',
  'an',
  'dre',
  'ya',
  'ze',
  'mi',
  'tor',
  'el',
  'is',
  'ba',
  'qu',
  'fen',
];

const BATCH = 500;

function cardOf(i: number, random: () => number) {
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  let first = '';
  for (let k = 0; k < 2 + Math.floor(random() * 2); k++) first += pick(SYLLABLES);
  const name = `${first[0]!.toUpperCase()}${first.slice(1)} ${pick(SYLLABLES).toUpperCase()}${pick(SYLLABLES)}`;
  const tags = new Set<string>();
  const count = 3 + Math.floor(random() * 8);
  while (tags.size < count) tags.add(TAGS[Math.floor(random() ** 2.2 * TAGS.length)]!);
  return {
    name,
    tags: [...tags],
    creator: `creator${Math.floor(random() * 5000)}`,
    nsfw: tags.has('nsfw') || random() < 0.1,
    favorites: Math.floor(random() ** 6 * 2000),
    chats: Math.floor(random() ** 5 * 5000),
    trend: random() < 0.3 ? random() * 100 : 0,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 300_000).toISOString(),
  };
}

/** Writes `count` public cards owned by `ownerId`; returns the names written, for searches to type. */
export async function fillGallery(db: Kysely<Database>, ownerId: string, count: number): Promise<string[]> {
  const random = mulberry32(30);
  const names: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const cards = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => cardOf(start + k, random));
    const rows = cards.map((card) => {
      const id = randomUUID();
      names.push(card.name);
      const summary = {
        name: card.name,
        description: 'A character for the bench. '.repeat(12),
        personality: '',
        scenario: '',
        first_mes: '',
        creator: card.creator,
        tags: card.tags,
      };
      return {
        id,
        owner_id: ownerId,
        is_public: 1,
        review_state: 'published' as const,
        content_rating: card.nsfw ? ('nsfw' as const) : ('sfw' as const),
        filename: `${id}.png`,
        display_title: card.name,
        blob_key: `cards/${id}.png`,
        thumb_keys: JSON.stringify({ 240: `thumbs/${id}-240.webp`, 480: `thumbs/${id}-480.webp` }),
        sha256: id,
        file_size: 1000,
        width: 400,
        height: 600,
        aspect_ratio: '2:3',
        card_json: JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: summary }),
        card_name: card.name,
        card_tags: JSON.stringify(card.tags),
        card_creator: card.creator,
        spec_version: '3.0',
        favorite_count: card.favorites,
        chat_count: card.chats,
        card_summary: JSON.stringify(summary),
        created_at: card.createdAt,
        updated_at: card.createdAt,
        published_at: card.createdAt,
      };
    });
    const filed = rows.map(galleryColumns);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('images').values(rows).execute();
      const gallery = rows.map((row, k) => {
        const { tags: _tags, ...columns } = filed[k]!;
        return {
          image_id: row.id,
          favorite_count: row.favorite_count,
          chat_count: row.chat_count,
          trend_score: cards[k]!.trend,
          ...columns,
        };
      });
      const seqs = await trx.insertInto('gallery').values(gallery).returning(['seq', 'image_id']).execute();
      const seqOf = new Map(seqs.map((row) => [row.image_id, row.seq]));
      const tags = rows.flatMap((row, k) => filed[k]!.tags.map((tag) => ({ tag, seq: seqOf.get(row.id)! })));
      for (let t = 0; t < tags.length; t += BATCH) {
        await trx
          .insertInto('gallery_tags')
          .values(tags.slice(t, t + BATCH))
          .execute();
      }
    });
  }
  return names;
}
