import type { Kysely, Transaction } from 'kysely';
import type { AiPresetRow, Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The row key of a person's default settings, and of a chat's own. */
export const defaultsKey = (userId: string) => `defaults:${userId}`;
export const chatKey = (chatId: string) => `chat:${chatId}`;

/** The stored settings' JSON under each key asked for that belongs to the user. */
export async function findSettings(db: Db, userId: string, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ai_settings')
    .select(['id', 'settings'])
    .where('user_id', '=', userId)
    .where('id', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.id, row.settings]));
}

/** Every settings row of the user's (the defaults and each chat's own), for the data export. */
export function listSettings(db: Db, userId: string): Promise<{ id: string; chat_id: string | null; settings: string }[]> {
  return db.selectFrom('ai_settings').select(['id', 'chat_id', 'settings']).where('user_id', '=', userId).orderBy('id').execute();
}

export async function saveSettings(
  db: Db,
  row: { id: string; user_id: string; chat_id: string | null; settings: string; updated_at: string },
) {
  await db
    .insertInto('ai_settings')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings: row.settings, updated_at: row.updated_at }))
    .execute();
}

export async function deleteSettings(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('ai_settings').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** The user's presets, oldest first. */
export function listPresets(db: Db, userId: string): Promise<AiPresetRow[]> {
  return db.selectFrom('ai_presets').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** The preset of that id, whoever owns it (the caller tells another user's from a missing one). */
export function findPreset(db: Db, id: string): Promise<AiPresetRow | undefined> {
  return db.selectFrom('ai_presets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPreset(db: Db, row: AiPresetRow): Promise<void> {
  await db.insertInto('ai_presets').values(row).execute();
}

export async function updatePreset(db: Db, id: string, changes: Pick<AiPresetRow, 'name' | 'settings' | 'extra' | 'updated_at'>) {
  await db.updateTable('ai_presets').set(changes).where('id', '=', id).execute();
}

/** Deletes the user's preset; false when they have none of that id. */
export async function deletePreset(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('ai_presets').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
