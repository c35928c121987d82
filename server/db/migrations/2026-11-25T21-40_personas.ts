import type { Kysely } from 'kysely';

/**
 * Personas: who a user is in a chat (a name for {{user}}, a description for the prompt, an avatar in
 * the blob store). A chat names one; deleting the persona sets the chat's back to null, which means
 * the user's profile name, so no chat is lost or left pointing at nothing. At most one persona of a
 * user is the default a new chat speaks as.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('personas')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('avatar_key', 'text')
    // 1 on the one persona new chats start with (none: the profile name).
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('personas_user_index').on('personas').columns(['user_id', 'created_at']).execute();

  // SQLite adds a column with a reference only when its default is null, which this one's is.
  await db.schema
    .alterTable('chats')
    .addColumn('persona_id', 'text', (col) => col.references('personas.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('chats_persona_index').on('chats').column('persona_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chats_persona_index').execute();
  await db.schema.alterTable('chats').dropColumn('persona_id').execute();
  await db.schema.dropTable('personas').execute();
}
