import { type Kysely, sql } from 'kysely';

/** Uploaded character cards (PNG + thumbnails in the blob store) and users' favorites of public ones. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('display_title', 'text', (col) => col.notNull())
    .addColumn('blob_key', 'text', (col) => col.notNull())
    .addColumn('thumb_keys', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('aspect_ratio', 'text', (col) => col.notNull())
    .addColumn('card_json', 'text', (col) => col.notNull())
    .addColumn('card_name', 'text', (col) => col.notNull())
    .addColumn('card_tags', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('card_creator', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .addColumn('spec_version', 'text', (col) => col.notNull())
    .addColumn('view_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('favorite_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('images_owner_sha256_unique', ['owner_id', 'sha256'])
    .execute();
  await db.schema.createIndex('images_gallery_index').on('images').columns(['is_public', 'created_at']).execute();
  await db.schema.createIndex('images_owner_index').on('images').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('favorites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_id', 'text', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('favorites_user_image_unique', ['user_id', 'image_id'])
    .execute();
  await db.schema.createIndex('favorites_image_index').on('favorites').column('image_id').execute();
  await db.schema.createIndex('favorites_user_created_index').on('favorites').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
  await db.schema.dropTable('images').execute();
}
