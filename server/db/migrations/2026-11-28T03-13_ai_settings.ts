import type { Kysely } from 'kysely';

/**
 * What a person asks the AI to sample with: their default settings and each chat's own (one row
 * each, keyed `defaults:<user id>` or `chat:<chat id>`), and their named presets. Settings are JSON
 * of the set fields only. A chat's row goes with the chat, everything with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_settings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (col) => col.references('chats.id').onDelete('cascade'))
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ai_settings_user_index').on('ai_settings').column('user_id').execute();
  await db.schema.createIndex('ai_settings_chat_index').on('ai_settings').column('chat_id').execute();

  await db.schema
    .createTable('ai_presets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    // The preset file's other fields (SillyTavern's prompts, model names...), JSON, written back on export.
    .addColumn('extra', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ai_presets_user_index').on('ai_presets').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_presets').execute();
  await db.schema.dropTable('ai_settings').execute();
}
