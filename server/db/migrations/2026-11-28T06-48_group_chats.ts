import type { Kysely } from 'kysely';

/**
 * Group chats (several characters in one chat):
 * - `chat_members`: a group's characters in their order. `image_id` is null once the card is deleted;
 *   `name` keeps who it was. `muted` 1: stays in the story, never picked to speak.
 * - `chats.group_strategy`: who speaks next ('natural', 'list' or 'pooled'); null for a chat with one
 *   character.
 * - `messages.speaker_id`: the card of the member who wrote a reply in a group (no foreign key: the
 *   reply keeps it, and its name, after the card is gone); null otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_members')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('image_id', 'text', (col) => col.references('images.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('card_type', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('muted', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('chat_members_chat_index').on('chat_members').columns(['chat_id', 'position']).execute();
  await db.schema.createIndex('chat_members_image_index').on('chat_members').column('image_id').execute();
  await db.schema.alterTable('chats').addColumn('group_strategy', 'text').execute();
  await db.schema.alterTable('messages').addColumn('speaker_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('speaker_id').execute();
  await db.schema.alterTable('chats').dropColumn('group_strategy').execute();
  await db.schema.dropTable('chat_members').execute();
}
