import type { Kysely } from 'kysely';

/**
 * The gallery is read newest first with `id` breaking ties (`ORDER BY created_at DESC, id DESC`):
 * with `id` in the index the database walks it in order and stops after a page, instead of sorting
 * every public card; the old `(is_public, created_at)` index is a prefix of this one, so it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('images_gallery_order_index').on('images').columns(['is_public', 'created_at', 'id']).execute();
  await db.schema.dropIndex('images_gallery_index').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('images_gallery_index').on('images').columns(['is_public', 'created_at']).execute();
  await db.schema.dropIndex('images_gallery_order_index').execute();
}
