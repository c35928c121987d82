import type { Kysely } from 'kysely';
import { boundedText, MAX_NAME_CHARS, summarizeCard, type Card } from '@core/card/index';

/**
 * What each user keeps stored, so plans can bound it (issue 16):
 * - `images.stored_bytes`: the PNG, its thumbnails and the card text as kept here;
 * - `images.card_summary`: the bounded summary lists send (core/card/summary.ts), so a list never
 *   reads or parses whole cards;
 * - `chats.portrait_bytes`: the generated portrait's size;
 * - `chats.importing_since`: set while an import writes the chat's messages in steps; such a chat is
 *   not shown, and one left behind by a crash is removed later;
 * - `card_hits`: who already counted a view or download of a card today (one per viewer per day).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('stored_bytes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('card_summary', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('chats')
    .addColumn('portrait_bytes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('chats').addColumn('importing_since', 'text').execute();
  await db.schema.createIndex('chats_importing_index').on('chats').column('importing_since').execute();

  await db.schema
    .createTable('card_hits')
    .addColumn('image_id', 'text', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('viewer', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('card_hits_pk', ['image_id', 'kind', 'viewer', 'day'])
    .execute();
  await db.schema.createIndex('card_hits_day_index').on('card_hits').column('day').execute();

  // Cards stored before this: their summary from their text, their size without thumbnails (the
  // database never knew those; they are a few tens of KB), their name bounded as uploads now bound
  // it. A page at a time, by id.
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('images')
      .select(['id', 'file_size', 'card_json', 'card_name', 'display_title'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(200)
      .execute()) as { id: string; file_size: number; card_json: string; card_name: string; display_title: string }[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const name = boundedText(row.card_name, MAX_NAME_CHARS);
      const summary = JSON.stringify(summarizeCard(JSON.parse(row.card_json) as Card, name));
      const stored = Number(row.file_size) + Buffer.byteLength(row.card_json) + Buffer.byteLength(summary);
      await db
        .updateTable('images')
        .set({
          card_summary: summary,
          stored_bytes: stored,
          card_name: name,
          display_title: boundedText(row.display_title, MAX_NAME_CHARS),
        })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_hits').execute();
  await db.schema.dropIndex('chats_importing_index').execute();
  await db.schema.alterTable('chats').dropColumn('importing_since').execute();
  await db.schema.alterTable('chats').dropColumn('portrait_bytes').execute();
  await db.schema.alterTable('images').dropColumn('card_summary').execute();
  await db.schema.alterTable('images').dropColumn('stored_bytes').execute();
}
