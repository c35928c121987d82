import type { Persona, PersonaCreate, PersonaDeleted } from '@core/contract';
import { fetchImageBlob } from '../api/images';
import { ApiError } from '../api/errors';
import { createPersona, deletePersona, listPersonas, updateChat, updatePersona } from '../api/personas';
import { getChat } from '../db/chatList';
import type { LocalPersona } from '../db/db';
import { cachedAvatar, deletePersonaRow, pendingChoices, putChatChoice, putPersona, savePersonas, settleChatChoice } from '../db/personas';
import { connectivity } from '../lib/connectivity';

/**
 * The persona with its picture's bytes: the device's copy when the avatar_url is the one it was
 * fetched from, else fetched now (with the Bearer token an <img> could not send). A picture that
 * cannot be fetched leaves the persona without one until the next pull.
 */
async function withAvatar(persona: Persona): Promise<LocalPersona> {
  if (!persona.avatar_url) return persona;
  const cached = await cachedAvatar(persona);
  if (cached) return { ...persona, avatar: cached };
  try {
    const blob = await fetchImageBlob(persona.avatar_url);
    return { ...persona, avatar: { url: persona.avatar_url, bytes: await blob.arrayBuffer(), type: blob.type || 'image/webp' } };
  } catch (error) {
    console.warn('Could not fetch a persona avatar', error);
    return persona;
  }
}

/** Pulls the user's personas (and any picture not on the device yet) into Dexie. */
export async function pullPersonas(): Promise<void> {
  const { data } = await listPersonas();
  await savePersonas(await Promise.all(data.map(withAvatar)));
}

/** What the persona form saves: `avatar` is a data URL, null to remove the picture, absent to keep it. */
export interface PersonaInput {
  name: string;
  description: string;
  avatar?: string | null;
  /** New chats start as this persona; absent leaves it as it is. */
  is_default?: boolean;
}

/** Creates (no id) or changes a persona on the server, then on the device. Throws ApiError when refused. */
export async function savePersona(id: string | null, input: PersonaInput): Promise<LocalPersona> {
  const body: PersonaCreate = {
    name: input.name,
    description: input.description,
    ...(typeof input.avatar === 'string' ? { avatar: input.avatar } : {}),
    ...(input.is_default === undefined ? {} : { is_default: input.is_default }),
  };
  const saved =
    id === null ? await createPersona(body) : await updatePersona(id, { ...body, ...(input.avatar === null ? { avatar: null } : {}) });
  const local = await withAvatar(saved);
  await putPersona(local);
  return local;
}

/** Deletes a persona on the server, then on the device, where its chats go back to the profile name. */
export async function removePersona(id: string): Promise<PersonaDeleted | null> {
  let result: PersonaDeleted | null = null;
  try {
    result = await deletePersona(id);
  } catch (error) {
    // Already deleted elsewhere: gone either way.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await deletePersonaRow(id);
  return result;
}

/**
 * The user picks who they are in a chat. Kept on the device first (so it works offline and in a new
 * chat), then sent when the server has the chat and answers; otherwise it goes with the chat's next
 * message (persona_id), or with the next sendPendingChoices.
 */
export async function choosePersona(chatId: string, personaId: string | null): Promise<void> {
  await putChatChoice({ chat_id: chatId, persona_id: personaId, pending: true });
  await sendChoice(chatId, personaId);
}

async function sendChoice(chatId: string, personaId: string | null): Promise<void> {
  const chat = await getChat(chatId);
  if (!chat || chat.localOnly || connectivity() !== 'online') return;
  try {
    const stored = await updateChat(chatId, { persona_id: personaId });
    await settleChatChoice(chatId, stored.persona_id ?? null);
  } catch (error) {
    // Not answered: it stays pending. A 404 is the chat or the persona deleted on another device: the
    // fresh list drops a deleted persona and this choice of it, so the chat speaks as the server's does.
    if (error instanceof ApiError && error.status === 404 && personaId !== null) {
      await pullPersonas().catch((failure: unknown) => console.warn('Could not refresh the personas', failure));
    }
  }
}

/**
 * The server's chat now speaks as `personaId` (a message sent from here carried the choice): the choice
 * made on this device is settled, unless the user chose again meanwhile.
 */
export function settleChoiceWithServer(chatId: string, personaId: string | null): Promise<void> {
  return settleChatChoice(chatId, personaId);
}

/** Sends the choices made while cardchat could not be reached. */
export async function sendPendingChoices(): Promise<void> {
  for (const choice of await pendingChoices()) await sendChoice(choice.chat_id, choice.persona_id);
}
