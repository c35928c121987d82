import type { Kysely, Transaction } from 'kysely';
import type { Database, NewPersona, PersonaRow } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A persona with how many of its owner's chats speak as it. */
export type PersonaWithUse = PersonaRow & { chat_count: number };

function withUse(db: Db) {
  return db
    .selectFrom('personas')
    .selectAll('personas')
    .select((eb) =>
      eb
        .selectFrom('chats')
        .select((count) => count.fn.countAll<string | number>().as('n'))
        .whereRef('chats.persona_id', '=', 'personas.id')
        .as('chat_count'),
    );
}

const counted = (row: Omit<PersonaWithUse, 'chat_count'> & { chat_count: string | number | null }): PersonaWithUse => ({
  ...row,
  chat_count: Number(row.chat_count ?? 0),
});

/** The user's personas, oldest first. */
export async function listPersonas(db: Db, userId: string): Promise<PersonaWithUse[]> {
  const rows = await withUse(db).where('personas.user_id', '=', userId).orderBy('personas.created_at').orderBy('personas.id').execute();
  return rows.map(counted);
}

/** The user's persona, or undefined (another user's is as absent as a missing one). */
export async function findOwnPersona(db: Db, userId: string, id: string): Promise<PersonaWithUse | undefined> {
  const row = await withUse(db).where('personas.id', '=', id).where('personas.user_id', '=', userId).executeTakeFirst();
  return row && counted(row);
}

/** The user's persona of that exact name (the oldest, when several share it). */
export function findOwnPersonaByName(db: Db, userId: string, name: string): Promise<PersonaRow | undefined> {
  return db
    .selectFrom('personas')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** The persona the user's new chats start as, if they chose one. */
export function findDefaultPersona(db: Db, userId: string): Promise<PersonaRow | undefined> {
  return db.selectFrom('personas').selectAll().where('user_id', '=', userId).where('is_default', '=', 1).limit(1).executeTakeFirst();
}

/** No persona of the user's is the default any more (before another becomes it, in one transaction). */
export async function clearDefaultPersona(db: Db, userId: string): Promise<void> {
  await db.updateTable('personas').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
}

export async function countPersonas(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('personas')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertPersona(db: Db, persona: NewPersona): Promise<void> {
  await db.insertInto('personas').values(persona).execute();
}

export async function updatePersonaRow(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Pick<PersonaRow, 'name' | 'description' | 'avatar_key' | 'is_default'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable('personas').set(changes).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the user's persona; its chats go back to the profile name. The chats are reset here, in
 * the same transaction, rather than left to the foreign key's `set null`, so the count is exact
 * and the rule holds however the database enforces keys.
 */
export async function deleteOwnPersona(
  db: Transaction<Database>,
  userId: string,
  id: string,
): Promise<{ deleted: boolean; chatsReset: number }> {
  const reset = await db
    .updateTable('chats')
    .set({ persona_id: null })
    .where('user_id', '=', userId)
    .where('persona_id', '=', id)
    .executeTakeFirst();
  const result = await db.deleteFrom('personas').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return { deleted: Number(result.numDeletedRows) > 0, chatsReset: Number(reset.numUpdatedRows) };
}

/** Sets who the user is in a chat of theirs; false when the chat is not theirs. */
export async function setChatPersona(db: Db, userId: string, chatId: string, personaId: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('chats')
    .set({ persona_id: personaId, updated_at: now })
    .where('id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
