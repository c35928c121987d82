import type { Persona } from '@core/contract';
import { db, type ChatPersonaChoice, type LocalPersona } from './db';

export type PersonaAvatar = NonNullable<LocalPersona['avatar']>;

/** The user's personas as last pulled, oldest first (as the server lists them). */
export function personasList(): Promise<LocalPersona[]> {
  return db.personas.orderBy('created_at').toArray();
}

/** The picture already on the device for this avatar_url, if any. */
export async function cachedAvatar(persona: Pick<Persona, 'id' | 'avatar_url'>): Promise<PersonaAvatar | undefined> {
  const avatar = (await db.personas.get(persona.id))?.avatar;
  return avatar && avatar.url === persona.avatar_url ? avatar : undefined;
}

/**
 * Stores the server's whole list: personas deleted elsewhere go (and so do this device's choices of
 * them, which then mean the profile name, as the server's chats do).
 */
export async function savePersonas(personas: LocalPersona[]): Promise<void> {
  await db.transaction('rw', db.personas, db.chatPersonas, db.chats, async () => {
    const kept = new Set(personas.map((persona) => persona.id));
    const gone = (await db.personas.toCollection().primaryKeys()).filter((id) => !kept.has(id));
    await forget(gone);
    await db.personas.bulkPut(personas);
  });
}

/** Stores a persona the server answered with; one made the default is the only default, as on the server. */
export async function putPersona(persona: LocalPersona): Promise<void> {
  await db.transaction('rw', db.personas, async () => {
    if (persona.is_default) await db.personas.filter((other) => other.is_default && other.id !== persona.id).modify({ is_default: false });
    await db.personas.put(persona);
  });
}

/** A persona deleted: gone from the list, and every chat that spoke as it speaks as the profile name. */
export async function deletePersonaRow(id: string): Promise<void> {
  await db.transaction('rw', db.personas, db.chatPersonas, db.chats, () => forget([id]));
}

async function forget(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.personas.bulkDelete(ids);
  await db.chatPersonas.where('persona_id').anyOf(ids).delete();
  await db.chats.filter((chat) => chat.persona_id != null && ids.includes(chat.persona_id)).modify({ persona_id: null });
}

export function chatChoice(chatId: string): Promise<ChatPersonaChoice | undefined> {
  return db.chatPersonas.get(chatId);
}

export async function putChatChoice(choice: ChatPersonaChoice): Promise<void> {
  await db.chatPersonas.put(choice);
}

/**
 * The server has the choice now: the chat's row says so and the device's choice is settled, unless
 * the user chose again meanwhile (then that newer choice stays pending).
 */
export async function settleChatChoice(chatId: string, personaId: string | null): Promise<void> {
  await db.transaction('rw', db.chatPersonas, db.chats, async () => {
    const choice = await db.chatPersonas.get(chatId);
    if (choice && choice.persona_id !== personaId) return;
    await db.chatPersonas.put({ chat_id: chatId, persona_id: personaId, pending: false });
    await db.chats.update(chatId, { persona_id: personaId });
  });
}

/** Choices the server does not have yet. */
export function pendingChoices(): Promise<ChatPersonaChoice[]> {
  return db.chatPersonas.filter((choice) => choice.pending).toArray();
}
