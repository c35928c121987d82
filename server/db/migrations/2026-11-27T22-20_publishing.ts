import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { galleryTags, searchWords } from '@core/tags';

/**
 * Sharing and discovery:
 * - `users`: a public `handle` (unique) and `bio` for the creator page; `adult_confirmed_at` (the
 *   person said they are 18 or older) and `show_nsfw` (they chose to see NSFW cards).
 * - `images`: the card's review state (`private`, `submitted`, `published`, `rejected`; published
 *   is exactly is_public = 1), its content rating, the reason a review or an unpublish gave the
 *   creator, when it was submitted and published, and how many chats were started with it.
 * - `card_revisions`: an edit of a published card waiting for review (or rejected): the card and
 *   its blobs as edited, while the published version stays in `images` until an approval.
 * - `gallery`: one row per public card, what the gallery sorts, filters and searches (compact rows
 *   keyed by an integer `seq` given in the order cards were published, so "Newest" is `seq`), with
 *   `gallery_tags` (normalised tags) and the words of its name, tags and creator (`search_text`),
 *   full-text indexed: SQLite's FTS5 table `gallery_fts`, PostgreSQL's GIN over to_tsvector('simple').
 *   PostgreSQL also filters tags through a GIN index over the tags as an array.
 * - `card_activity`: chats started and likes given per card per hour, the last week's of which make
 *   the Trending score.
 * - `reports`: what people reported about public cards, for the administrators' queue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('users').addColumn('handle', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('adult_confirmed_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_nsfw', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_handle_unique').on('users').column('handle').unique().execute();

  await db.schema
    .alterTable('images')
    .addColumn('review_state', 'text', (col) => col.notNull().defaultTo('private'))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('content_rating', 'text', (col) => col.notNull().defaultTo('sfw'))
    .execute();
  await db.schema.alterTable('images').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('images').addColumn('submitted_at', 'text').execute();
  await db.schema.alterTable('images').addColumn('published_at', 'text').execute();
  await db.schema
    .alterTable('images')
    .addColumn('chat_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('images')
    .set({ review_state: 'published', published_at: sql`created_at` })
    .where('is_public', '=', 1)
    .execute();
  await db.schema.createIndex('images_review_index').on('images').columns(['review_state', 'submitted_at']).execute();

  await db.schema
    .createTable('card_revisions')
    .addColumn('image_id', 'text', (col) => col.primaryKey().references('images.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('content_rating', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('blob_key', 'text', (col) => col.notNull())
    .addColumn('thumb_keys', 'text', (col) => col.notNull())
    .addColumn('display_title', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('aspect_ratio', 'text', (col) => col.notNull())
    .addColumn('card_json', 'text', (col) => col.notNull())
    .addColumn('card_summary', 'text', (col) => col.notNull())
    .addColumn('card_name', 'text', (col) => col.notNull())
    .addColumn('card_tags', 'text', (col) => col.notNull())
    .addColumn('card_creator', 'text', (col) => col.notNull())
    .addColumn('spec_version', 'text', (col) => col.notNull())
    .addColumn('stored_bytes', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('card_revisions_queue_index').on('card_revisions').columns(['state', 'submitted_at']).execute();
  await db.schema.createIndex('card_revisions_owner_index').on('card_revisions').columns(['owner_id', 'state']).execute();

  await db.schema
    .createTable('gallery')
    .addColumn('seq', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey()))
    .addColumn('image_id', 'text', (col) => col.notNull().unique().references('images.id').onDelete('cascade'))
    .addColumn('nsfw', 'integer', (col) => col.notNull())
    .addColumn('favorite_count', 'integer', (col) => col.notNull())
    .addColumn('chat_count', 'integer', (col) => col.notNull())
    .addColumn('trend_score', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('tags_text', 'text', (col) => col.notNull())
    .execute();
  // Each sort walks its index and stops after a page: SFW-only lists (visitors, and everyone by
  // default) by (nsfw, key), lists with NSFW shown by (key).
  for (const key of ['favorite_count', 'chat_count', 'trend_score']) {
    await db.schema.createIndex(`gallery_sfw_${key}_index`).on('gallery').columns(['nsfw', key, 'seq']).execute();
    await db.schema.createIndex(`gallery_${key}_index`).on('gallery').columns([key, 'seq']).execute();
  }
  await db.schema.createIndex('gallery_sfw_newest_index').on('gallery').columns(['nsfw', 'seq']).execute();

  const tagsTable = db.schema
    .createTable('gallery_tags')
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull().references('gallery.seq').onDelete('cascade'))
    .addPrimaryKeyConstraint('gallery_tags_pk', ['tag', 'seq']);
  // SQLite keeps a table keyed like this as its primary key's index alone.
  await (postgres ? tagsTable : tagsTable.modifyEnd(sql`without rowid`)).execute();
  await db.schema.createIndex('gallery_tags_seq_index').on('gallery_tags').column('seq').execute();

  if (postgres) {
    await sql`create index gallery_search_index on gallery using gin (to_tsvector('simple', search_text))`.execute(db);
    await sql`create index gallery_tags_array_index on gallery using gin (string_to_array(tags_text, E'\\n'))`.execute(db);
  } else {
    // External content: the words live once, in gallery.search_text; the triggers keep the index in step.
    await sql`create virtual table gallery_fts using fts5(search_text, content='gallery', content_rowid='seq',
      tokenize='unicode61 remove_diacritics 0', prefix='2 3')`.execute(db);
    await sql`create trigger gallery_fts_insert after insert on gallery begin
      insert into gallery_fts(rowid, search_text) values (new.seq, new.search_text); end`.execute(db);
    await sql`create trigger gallery_fts_delete after delete on gallery begin
      insert into gallery_fts(gallery_fts, rowid, search_text) values ('delete', old.seq, old.search_text); end`.execute(db);
    await sql`create trigger gallery_fts_update after update of search_text on gallery begin
      insert into gallery_fts(gallery_fts, rowid, search_text) values ('delete', old.seq, old.search_text);
      insert into gallery_fts(rowid, search_text) values (new.seq, new.search_text); end`.execute(db);
  }

  await db.schema
    .createTable('card_activity')
    .addColumn('image_id', 'text', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('chats', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('card_activity_pk', ['image_id', 'hour'])
    .execute();
  await db.schema.createIndex('card_activity_hour_index').on('card_activity').column('hour').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('image_id', 'text', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('reports_queue_index').on('reports').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('reports_reporter_index').on('reports').columns(['reporter_id', 'created_at']).execute();
  await db.schema.createIndex('reports_image_index').on('reports').columns(['image_id', 'reporter_id']).execute();

  await fileExistingPublicCards(db);
}

/** The gallery rows of the cards public before this, in the order they were uploaded. */
async function fileExistingPublicCards(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom('images')
    .select(['id', 'card_name', 'card_tags', 'card_creator', 'favorite_count'])
    .where('is_public', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as { id: string; card_name: string; card_tags: string; card_creator: string; favorite_count: number }[];
  for (const row of rows) {
    const tags = galleryTags(JSON.parse(row.card_tags) as unknown[]);
    const { seq } = (await db
      .insertInto('gallery')
      .values({
        image_id: row.id,
        nsfw: 0,
        favorite_count: row.favorite_count,
        chat_count: 0,
        search_text: searchWords([row.card_name, ...tags, row.card_creator].join(' ')).join(' '),
        tags_text: tags.join('\n'),
      })
      .returning('seq')
      .executeTakeFirstOrThrow()) as { seq: number };
    if (tags.length > 0) {
      await db
        .insertInto('gallery_tags')
        .values(tags.map((tag) => ({ tag, seq })))
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('card_activity').execute();
  if (!postgres) await sql`drop table gallery_fts`.execute(db);
  await db.schema.dropTable('gallery_tags').execute();
  await db.schema.dropTable('gallery').execute();
  await db.schema.dropTable('card_revisions').execute();
  await db.schema.dropIndex('images_review_index').execute();
  for (const column of ['chat_count', 'published_at', 'submitted_at', 'review_note', 'content_rating', 'review_state']) {
    await db.schema.alterTable('images').dropColumn(column).execute();
  }
  await db.schema.dropIndex('users_handle_unique').execute();
  for (const column of ['show_nsfw', 'adult_confirmed_at', 'bio', 'handle']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
